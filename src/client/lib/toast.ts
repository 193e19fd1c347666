import type { PointerEvent } from 'react';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** How long a toast stays up (SPEC section 9). */
export const TOAST_DURATION_MS = 5000;

/** SPEC section 9: a toast is dismissed by swiping it to the right past this distance. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** Marks the toast's element, so the F8 hotkey can find it (components/Toasts.tsx). */
export const TOAST_ATTRIBUTE = 'data-toast';

let sequence = 0;
let firstToastListener: (() => void) | null = null;
let toastRequested = false;

/** components/LazyToasts.tsx mounts the toast container when the first toast is asked for. */
export function onFirstToast(listener: () => void): void {
  if (toastRequested) listener();
  else firstToastListener = listener;
}

/**
 * The product's toast (SPEC section 3: title, description, destructive variant).
 * One at a time: a new toast replaces the one on screen instead of queueing behind it.
 * Mantine's notifications (store and container) load with the first toast, not with every page.
 */
export function toast(options: ToastOptions): void {
  if (!toastRequested) {
    toastRequested = true;
    firstToastListener?.();
  }
  void import('@mantine/notifications').then(({ notifications }) => showToast(notifications, options));
}

type Notifications = (typeof import('@mantine/notifications'))['notifications'];

function showToast(notifications: Notifications, { title, description, variant = 'default' }: ToastOptions): void {
  sequence += 1;
  const id = `toast-${sequence}`;
  notifications.clean();
  notifications.show({
    id,
    title,
    message: description ?? '',
    color: variant === 'destructive' ? 'red' : 'teal',
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    [TOAST_ATTRIBUTE]: 'true',
    // Selected text would start a native drag instead of the swipe.
    style: { userSelect: 'none' },
    ...swipeRightToDismiss(() => notifications.hide(id)),
  });
}

/**
 * Pointer handlers that let the toast follow a finger or mouse to the right and dismiss it once the drag
 * passes the threshold; a shorter drag snaps back. The offset goes into the CSS variable Mantine's
 * notification already translates by, so its own exit animation starts from where the drag ended.
 */
export function swipeRightToDismiss(dismiss: () => void) {
  let startX: number | null = null;
  let offset = 0;

  function setOffset(element: HTMLElement, px: number) {
    offset = px;
    element.style.setProperty('--notifications-swipe-offset', `${px}px`);
  }

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      startX = event.clientX;
      offset = 0;
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (startX === null) return;
      const px = Math.max(0, event.clientX - startX);
      // Capture only once it is a drag, so a plain click still reaches the close button.
      if (px > 5 && !event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      setOffset(event.currentTarget, px);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (startX === null) return;
      startX = null;
      if (offset >= TOAST_SWIPE_THRESHOLD_PX) dismiss();
      else setOffset(event.currentTarget, 0);
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      startX = null;
      setOffset(event.currentTarget, 0);
    },
  };
}
