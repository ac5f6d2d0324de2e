import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MailLog, Mailer } from '../../mail/mailer';
import type { PaymentProvider } from './payment/provider';

/** `byAdmin`: an admin's action (activating a prepay) sends it whether or not the address is confirmed. */
export type ConfirmOptions = { byAdmin?: boolean };

/** The app's logger (what the mailer takes too). */
export type ShopLog = MailLog;

/** What the shop's services need: database, config, mailer, the payment provider and the confirmation sender. */
export type ShopContext = {
  db: Db;
  /** `brandHosts`: the brand of a request (shop calls refused on a brand without the shop); `smtpUrl`: mails
   * carry attachments only over SMTP (docs/shop.md "Invoice and QR-bill") */
  config: Pick<Config, 'publicUrl' | 'payment' | 'brandHosts' | 'smtpUrl' | 'secretKey'>;
  log: ShopLog;
  mailer: Mailer;
  /** The configured provider; only called when `config.payment` is set. */
  provider: () => PaymentProvider;
  /**
   * Sends the order's confirmation mail unless sent, and only to an address shown to own the order (or on an
   * admin's action); a failure is logged and retried by the job.
   */
  confirm: (orderId: number, opts?: ConfirmOptions) => Promise<void>;
};
