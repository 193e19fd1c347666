import { useSyncExternalStore } from 'react';

/**
 * One value shared by parts of the page that do not share a React parent (a feed running on every page and the
 * screen that shows it, the header and the code that counts): read with `use()`, changed with `set()`.
 */
export function smallStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe,
    use: () => useSyncExternalStore(subscribe, () => value),
  };
}
