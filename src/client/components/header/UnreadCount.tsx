import { Badge } from '@mantine/core';
import { useUnreadMessages } from '../../lib/unreadMessages';

/** Unread direct messages for a nav link: only the Social link has any. */
export function useUnreadFor(to: string): number {
  const unread = useUnreadMessages();
  return to === '/social' ? unread : 0;
}

/** The link's accessible name with its unread count, 'Social, 2 unread'. */
export function unreadLabel(label: string, count: number): string | undefined {
  return count > 0 ? `${label}, ${count} unread` : undefined;
}

export function UnreadCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge size="xs" circle color="red" variant="filled" ml={6} data-testid="social-unread" style={{ verticalAlign: 'middle' }}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
