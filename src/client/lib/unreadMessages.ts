import { smallStore } from './smallStore';
import { setTitleCount } from './usePageTitle';

/**
 * Unread direct messages, as the signed-in app's message feed counts them (features/social/SocialFeed.tsx): the
 * header's Social link and the tab's title show them on every page. Kept here, in what every page loads, so the
 * header reads it without loading the social code.
 */
const unread = smallStore(0);

export function setUnreadMessages(count: number): void {
  unread.set(count);
  setTitleCount(count);
}

export const useUnreadMessages = unread.use;
