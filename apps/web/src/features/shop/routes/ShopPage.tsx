import { Shop } from '../components/Shop';
import { ShopBrandGuard } from '../components/ShopBrandGuard';

/** /shop and /shop/{step}: transmitters, scales, accessories and their subscriptions (brands with a shop). */
export default function ShopPage() {
  return (
    <ShopBrandGuard>
      <Shop mode="hardware+digital" />
    </ShopBrandGuard>
  );
}
