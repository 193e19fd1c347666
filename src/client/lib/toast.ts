import { notifications } from '@mantine/notifications';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** How long a toast stays up (SPEC section 9). */
export const TOAST_DURATION_MS = 5000;

/**
 * The product's toast (SPEC section 3: title, description, destructive variant).
 * One at a time: a new toast replaces the one on screen instead of queueing behind it.
 */
export function toast({ title, description, variant = 'default' }: ToastOptions): void {
  notifications.clean();
  notifications.show({
    title,
    message: description ?? '',
    color: variant === 'destructive' ? 'red' : 'teal',
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
  });
}
