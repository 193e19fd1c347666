import type { ComponentType } from 'react';
import { showFallbackNotice } from './fallbackNotice';
import type { ToastOptions } from './toastShape';

// The shape and the constants live in toastShape.ts, which the lazily loaded toast code imports without
// importing this file back (an import cycle, even a lazy one, is refused by `npm run deps`).
export { TOAST_ATTRIBUTE, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastOptions } from './toastShape';

/** The toast container: a component, which components/LazyToasts.tsx loads and mounts (lib knows no components). */
type ToastsContainer = ComponentType;

let loadContainer: (() => Promise<ToastsContainer>) | null = null;
let containerListener: ((container: ToastsContainer) => void) | null = null;
let loadedContainer: ToastsContainer | null = null;
let loading: Promise<{ showToast: (options: ToastOptions) => void; Toasts: ToastsContainer }> | null = null;

/** components/LazyToasts.tsx says how to load the toast container (as it loads, before any page renders). */
export function setToastContainerLoader(load: () => Promise<ToastsContainer>): void {
  loadContainer = load;
}

/** components/LazyToasts.tsx mounts the toast container once its code has loaded (with the first toast). */
export function onToastsLoaded(listener: (container: ToastsContainer) => void): void {
  containerListener = listener;
  if (loadedContainer) listener(loadedContainer);
}

/**
 * The toast code: Mantine's notifications (store and container) load with the first toast, not with every page.
 * A failed load (offline) is forgotten, so the next toast tries again.
 */
function loadToastCode() {
  const container = loadContainer ?? (() => Promise.reject(new Error('No toast container on this page')));
  loading ??= Promise.all([import('./showToast'), container()])
    .then(([{ showToast }, Toasts]) => {
      loadedContainer = Toasts;
      containerListener?.(Toasts);
      return { showToast, Toasts };
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * The product's toast (product.md §3: title, description, destructive variant).
 * One at a time: a new toast replaces the one on screen instead of queueing behind it.
 * When the toast code cannot be fetched (offline), a small notice built into the first page says the same, so a
 * failure is never silent and never takes the page down. The promise settles once the toast is handed over, for
 * a caller that leaves the page right after (GateRedirect); it never rejects.
 */
export function toast(options: ToastOptions): Promise<void> {
  return loadToastCode().then(
    ({ showToast }) => {
      showFallbackNotice(null);
      showToast(options);
    },
    // A copy: the same words again (a second failed send) start the notice's time over.
    () => showFallbackNotice({ ...options }),
  );
}
