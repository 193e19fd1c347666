import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_ATTRIBUTE, TOAST_DURATION_MS } from '../lib/toastShape';

/** product.md §9: F8 moves keyboard focus to the toast on screen. */
export const TOAST_HOTKEY = 'F8';

function focusToast(): void {
  // The close button: focusable, announced with the toast, and Enter dismisses it.
  document.querySelector<HTMLElement>(`[${TOAST_ATTRIBUTE}="true"] button`)?.focus();
}

/**
 * Where toasts appear (product.md §9): one at a time, 5000 ms each, dismissed by swiping right
 * (lib/toast.ts; Mantine's own drag, which dismisses in both directions, is off), F8 to reach them. Top right:
 * at the bottom they covered the message composers (the conversation's and the agent's) while typing.
 */
export function Toasts() {
  useHotkeys([[TOAST_HOTKEY, focusToast]], []);
  return <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="top-right" allowDragDismiss={false} />;
}
