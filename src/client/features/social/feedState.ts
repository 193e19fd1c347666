import { smallStore } from '../../lib/smallStore';
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

const feed = smallStore<FeedState>({
  status: { kind: 'connecting' },
  reconnect: () => undefined,
  openConversationId: null,
});

export function updateFeedState(change: Partial<FeedState>): void {
  feed.set({ ...feed.get(), ...change });
}

export const useFeedState = feed.use;
