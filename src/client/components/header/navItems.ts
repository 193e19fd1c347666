import {
  IconBell,
  IconBriefcase,
  IconCalendarEvent,
  IconListDetails,
  IconSearch,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';

/** The signed-in header's links (product.md §2). */
export const NAV_ITEMS = [
  { to: '/stock-search', label: 'StockSearch', icon: IconSearch },
  { to: '/portfolio', label: 'Portfolio', icon: IconBriefcase },
  { to: '/watchlists', label: 'Watchlists', icon: IconListDetails },
  { to: '/calendar', label: 'Calendar', icon: IconCalendarEvent },
  { to: '/social', label: 'Social', icon: IconUsers },
  { to: '/alerts', label: 'Alerts', icon: IconBell },
  { to: '/settings', label: 'Settings', icon: IconSettings },
] as const;
