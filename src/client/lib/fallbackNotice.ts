import { smallStore } from './smallStore';
import type { ToastOptions } from './toastShape';

/**
 * A toast that could not be shown because the toast code (a chunk of its own) failed to load, offline most
 * likely: components/FallbackNotice.tsx shows it with nothing but what the first page already has.
 */
const notice = smallStore<ToastOptions | null>(null);

export const showFallbackNotice = (options: ToastOptions | null) => notice.set(options);
export const useFallbackNotice = notice.use;
