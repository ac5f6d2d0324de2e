import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';

/** The error toasts on screen, so that a step that succeeded can take the errors of earlier tries away. */
const shownErrors = new Set<string>();

/** Error toast with the server's message (also logged, docs/product.md §8). */
export function toastError(message: string, title?: string): void {
  console.error(message);
  const id = notifications.show({
    color: 'red',
    title: title ?? i18n.t('errors:error'),
    message,
    withCloseButton: true,
    onClose: () => shownErrors.delete(id),
  });
  shownErrors.add(id);
}

/** Hides every error toast still shown: what they said was put right (e.g. a registration that went through). */
export function clearErrorToasts(): void {
  for (const id of shownErrors) notifications.hide(id);
  shownErrors.clear();
}

/** Success toast with the server's message. */
export function toastSuccess(message: string): void {
  notifications.show({ color: 'green', message, withCloseButton: true });
}
