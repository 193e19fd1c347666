import { Box, Burger } from '@mantine/core';
import { UnreadCount, useUnreadFor } from './UnreadCount';

/** The phone header's menu button; the Social link's unread count shows on it, since the link is inside the menu. */
export function MenuBurger({ opened, onClick }: { opened: boolean; onClick: () => void }) {
  const unread = useUnreadFor('/social');
  return (
    <Box pos="relative" hiddenFrom="md">
      <Burger
        opened={opened}
        onClick={onClick}
        size="sm"
        aria-label={unread > 0 ? `Open menu, ${unread} unread messages` : 'Open menu'}
      />
      <UnreadCount count={unread} corner />
    </Box>
  );
}
