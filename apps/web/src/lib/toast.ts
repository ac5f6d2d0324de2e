import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';

/** Error toast with the server's message (also logged, docs/product.md §8). */
export function toastError(message: string, title?: string): void {
  console.error(message);
  notifications.show({
    color: 'red',
    title: title ?? i18n.t('errors:error'),
    message,
    withCloseButton: true,
  });
}

/** Success toast with the server's message. */
export function toastSuccess(message: string): void {
  notifications.show({ color: 'green', message, withCloseButton: true });
}
