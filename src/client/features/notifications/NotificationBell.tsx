import { ActionIcon, Indicator, Popover, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { NotificationList } from './NotificationList';
import { unreadOf, useNotificationPages } from './useNotifications';

/** The header's bell (issue 30 §3): the unread count, and the notification centre in a popover. */
export default function NotificationBell() {
  const pages = useNotificationPages();
  const unread = unreadOf(pages.data);
  const [opened, popover] = useDisclosure(false);
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={16}
      disabled={unread === 0}
      color="red"
      offset={4}
      data-testid="notification-count"
      data-count={unread}
    >
      <Popover
        opened={opened}
        onChange={(o) => (o ? popover.open() : popover.close())}
        position="bottom-end"
        width={360}
        shadow="md"
        trapFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={label}
            onClick={popover.toggle}
            data-testid="notification-bell"
          >
            <IconBell size={18} stroke={1.6} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="sm" maw="calc(100vw - 16px)">
          <ScrollArea.Autosize mah="70dvh" type="auto">
            <NotificationList onOpen={popover.close} />
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
