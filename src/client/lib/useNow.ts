import { useSyncExternalStore } from 'react';

/** How often the shared clock ticks: 'resets in …' texts are shown to the minute. */
const TICK_MS = 30_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  now = Date.now();
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/**
 * The current time for rendering (render must not call Date.now(): React's purity rule). A clock shared by every
 * component that shows one, read fresh when the first of them mounts and every 30 s after.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
