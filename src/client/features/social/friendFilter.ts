import type { Friend } from '../../../shared/social/types';

/** The friend list's filter (product.md §2): a friend matches when their name, email or username contains the text. */
export function matchesFilter(friend: Friend, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (!needle) return true;
  return [friend.displayName, friend.firstName, friend.lastName, friend.email, friend.username].some((v) =>
    v.toLowerCase().includes(needle),
  );
}
