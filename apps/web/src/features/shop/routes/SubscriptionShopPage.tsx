import { Shop } from '../components/Shop';
import { ShopBrandGuard } from '../components/ShopBrandGuard';

/** /subscriptionShop and /subscriptionShop/{step}: subscriptions alone (renewal codes or an own transmitter). */
export default function SubscriptionShopPage() {
  return (
    <ShopBrandGuard>
      <Shop mode="digital" />
    </ShopBrandGuard>
  );
}
