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

/** The count itself; `corner` pins it to the top right of what holds it (the phone's menu button). */
export function UnreadCount({ count, corner = false }: { count: number; corner?: boolean }) {
  if (count <= 0) return null;
  return (
    <Badge
      size="xs"
      circle
      color="red"
      variant="filled"
      ml={corner ? 0 : 6}
      data-testid={corner ? 'menu-unread' : 'social-unread'}
      style={corner ? { position: 'absolute', top: -4, right: -6, pointerEvents: 'none' } : { verticalAlign: 'middle' }}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
