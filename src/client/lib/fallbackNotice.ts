import type { ToastOptions } from './toast';

/**
 * A toast that could not be shown because the toast code (a chunk of its own) failed to load, offline most
 * likely: components/FallbackNotice.tsx shows it with nothing but what the first page already has.
 */
let current: ToastOptions | null = null;
const listeners = new Set<() => void>();

export function showFallbackNotice(options: ToastOptions | null): void {
  current = options;
  for (const listener of listeners) listener();
}

export function currentFallbackNotice(): ToastOptions | null {
  return current;
}

export function subscribeFallbackNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
