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
 * Mantine's notifications (store and container) load with the first toast, not with every page; the promise
 * settles once the toast is handed to them, for a caller that leaves the page right after (GateRedirect).
 */
export function toast(options: ToastOptions): Promise<void> {
  if (!toastRequested) {
    toastRequested = true;
    firstToastListener?.();
  }
  // The container's code (LazyToasts mounts it) is awaited too: a settled promise means the toast can render.
  return Promise.all([import('./showToast'), import('../components/Toasts')]).then(([{ showToast }]) => showToast(options));
}
