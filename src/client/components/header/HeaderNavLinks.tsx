import { Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import classes from './AppHeader.module.css';
import { NAV_ITEMS } from './navItems';

export function HeaderNavLinks() {
  return (
    <Group gap={4} component="nav" aria-label="Main">
      {NAV_ITEMS.map((item) => (
        <Link key={item.to} to={item.to} className={classes.navLink}>
          {item.label}
        </Link>
      ))}
    </Group>
  );
}
