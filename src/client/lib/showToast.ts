import { notifications } from '@mantine/notifications';
import type { PointerEvent } from 'react';
import { TOAST_ATTRIBUTE, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastOptions } from './toastShape';

/**
 * The toast itself, loaded with the first one (lib/toast.ts): Mantine's notification store and the swipe-to-dismiss
 * handlers stay out of the code every page runs first.
 */

let sequence = 0;

/** Shows one toast, replacing the one on screen. */
export function showToast({ title, description, variant = 'default' }: ToastOptions): void {
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
