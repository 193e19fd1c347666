import { useSyncExternalStore } from 'react';
import { setTitleCount } from './usePageTitle';

/**
 * Unread direct messages, as the signed-in app's message feed counts them (features/social/SocialFeed.tsx): the
 * header's Social link and the tab's title show them on every page. Kept here, in what every page loads, so the
 * header reads it without loading the social code.
 */
let unread = 0;
const listeners = new Set<() => void>();

export function setUnreadMessages(count: number): void {
  if (count === unread) return;
  unread = count;
  setTitleCount(count);
  for (const listener of listeners) listener();
}

export function useUnreadMessages(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => unread,
  );
}
