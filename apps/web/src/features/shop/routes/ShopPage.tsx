import { Shop } from '../components/Shop';

/** /shop and /shop/{step}: transmitters, scales, accessories and their subscriptions. */
export default function ShopPage() {
  return <Shop mode="hardware+digital" />;
}
