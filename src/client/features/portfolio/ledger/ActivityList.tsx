import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import type { Activity } from '../../../../shared/portfolio/ledger/types';
import type { ActivityHandlers } from './ActivityActions';
import { ActivityCardList } from './ActivityCardList';
import { ActivityTable } from './ActivityTable';
import { activityNames } from './activityNames';

/**
 * The ledger, newest first (the server answers oldest first, the order it replays in): a table from Mantine's `sm`
 * breakpoint up, cards below it. A ledger can hold thousands of activities, so only the version the screen needs is
 * rendered (hiddenFrom/visibleFrom would render both and hide one); the query is read on the first render, so the
 * wrong version never flashes.
 */
export function ActivityList({ activities, ...handlers }: ActivityHandlers & { activities: readonly Activity[] }) {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false });
  const names = useMemo(() => activityNames(activities), [activities]);
  const newestFirst = useMemo(() => [...activities].reverse(), [activities]);
  const List = wide ? ActivityTable : ActivityCardList;
  return <List activities={newestFirst} names={names} {...handlers} />;
}
