import { useSyncExternalStore } from 'react';
import type { FeedStatus } from './useSocialFeed';

/**
 * What the app-wide message feed (SocialFeed.tsx) shares with the social screen: the feed's status and its
 * reconnect, and, the other way, which conversation the screen has open (its messages are read, not counted).
 */
interface FeedState {
  status: FeedStatus;
  reconnect: () => void;
  openConversationId: string | null;
}

let state: FeedState = { status: { kind: 'connecting' }, reconnect: () => undefined, openConversationId: null };
const listeners = new Set<() => void>();

export function updateFeedState(change: Partial<FeedState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

export function useFeedState(): FeedState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
