import { Shop } from '../components/Shop';

/** /subscriptionShop and /subscriptionShop/{step}: subscriptions alone (renewal codes or an own transmitter). */
export default function SubscriptionShopPage() {
  return <Shop mode="digital" />;
}
