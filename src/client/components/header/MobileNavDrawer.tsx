import { Button, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { HeaderSearchSlot } from '../HeaderSearchSlot';
import type { ReactNode } from 'react';
import { NAV_ITEMS } from './navItems';
import { UnreadCount, unreadLabel, useUnreadFor } from './UnreadCount';

interface Props {
  opened: boolean;
  onClose: () => void;
  firstName: string;
  onLogout: () => void;
  loggingOut: boolean;
  withSearch: boolean;
}

/** The signed-in header's links on small screens. */
export function MobileNavDrawer({ opened, onClose, firstName, onLogout, loggingOut, withSearch }: Props) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" position="right" size="xs" hiddenFrom="md">
      <Stack gap="xs">
        {firstName && (
          <Text size="sm" c="dimmed">
            Signed in as <b>{firstName}</b>
          </Text>
        )}
        {withSearch && <HeaderSearchSlot onNavigate={onClose} />}
        <Divider my="xs" />
        {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
          <DrawerNavLink key={to} to={to} label={label} icon={<Icon size={18} />} onClick={onClose} />
        ))}
        <Divider my="xs" />
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={onLogout}
          loading={loggingOut}
        >
          Logout
        </Button>
      </Stack>
    </Drawer>
  );
}

function DrawerNavLink({
  to,
  label,
  icon,
  onClick,
}: {
  to: (typeof NAV_ITEMS)[number]['to'];
  label: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  const unread = useUnreadFor(to);
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      aria-label={unreadLabel(label, unread)}
      leftSection={icon}
      rightSection={<UnreadCount count={unread} />}
      onClick={onClick}
    />
  );
}
