/** What a toast says and how it behaves: shared by toast.ts and the toast code it loads lazily. */

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** How long a toast stays up (product.md §9). */
export const TOAST_DURATION_MS = 5000;

/** product.md §9: a toast is dismissed by swiping it to the right past this distance. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** Marks the toast's element, so the F8 hotkey can find it (components/Toasts.tsx). */
export const TOAST_ATTRIBUTE = 'data-toast';
