import { Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import classes from './AppHeader.module.css';
import { NAV_ITEMS } from './navItems';
import { UnreadCount, unreadLabel, useUnreadFor } from './UnreadCount';

export function HeaderNavLinks() {
  return (
    <Group gap={4} component="nav" aria-label="Main">
      {NAV_ITEMS.map((item) => (
        <HeaderNavLink key={item.to} to={item.to} label={item.label} />
      ))}
    </Group>
  );
}

function HeaderNavLink({ to, label }: { to: (typeof NAV_ITEMS)[number]['to']; label: string }) {
  const unread = useUnreadFor(to);
  return (
    // With a count, label and badge stay on one line.
    <Link
      to={to}
      className={classes.navLink}
      aria-label={unreadLabel(label, unread)}
      style={unread ? { display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' } : undefined}
    >
      {label}
      <UnreadCount count={unread} />
    </Link>
  );
}
