import {
  Alert,
  Button,
  Chip,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { CalendarEventKind } from '../../../shared/calendar/types';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLinks';
import { usePageTitle } from '../../lib/usePageTitle';
import { localToday, step, windowOf, windowTitle, type CalendarView } from './calendarDays';
import { ALL_FILTERS, byDay, filterEvents, type CalendarFilters } from './calendarFilters';
import { ListView, MonthView, WeekView } from './CalendarViews';
import { KIND_LABELS } from './eventLabels';
import { useCalendar } from './useCalendar';

/**
 * /calendar (issue 30 §4): the earnings and dividend dates of the symbols the user holds or watches, by week or month
 * or as a list, filtered by where the symbol comes from and by kind. While the server is still fetching some symbols'
 * dates it says how many and asks again.
 */
export function CalendarPage() {
  usePageTitle('Calendar');
  const today = localToday();
  const [view, setView] = useState<CalendarView>('week');
  const [anchor, setAnchor] = useState(today);
  const [filters, setFilters] = useState<CalendarFilters>(ALL_FILTERS);
  const range = windowOf(view, anchor);
  const calendar = useCalendar(range);
  const answer = calendar.data;
  const events = answer ? filterEvents(answer.events, filters) : [];
  const days = byDay(events);
  const pending = answer?.pendingSymbols.length ?? 0;

  return (
    <Stack gap="lg">
      <PageHeader title="Calendar" subtitle="Earnings and dividends of the stocks you hold and watch." />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                size="sm"
                px={8}
                aria-label={view === 'week' ? 'Previous week' : 'Previous month'}
                onClick={() => setAnchor(step(view, anchor, -1))}
              >
                <IconChevronLeft size={16} aria-hidden />
              </Button>
              <Button variant="default" size="sm" onClick={() => setAnchor(today)}>
                Today
              </Button>
              <Button
                variant="default"
                size="sm"
                px={8}
                aria-label={view === 'week' ? 'Next week' : 'Next month'}
                onClick={() => setAnchor(step(view, anchor, 1))}
              >
                <IconChevronRight size={16} aria-hidden />
              </Button>
              <Title order={2} size="h4" ml="xs" data-testid="calendar-title">
                {windowTitle(view, anchor)}
              </Title>
            </Group>
            <SegmentedControl
              aria-label="View"
              value={view}
              onChange={(v) => setView(v)}
              data={[
                { value: 'week', label: 'Week' },
                { value: 'month', label: 'Month' },
                { value: 'list', label: 'List' },
              ]}
            />
          </Group>
          <Group gap="lg" wrap="wrap">
            <Group gap="md">
              <Switch
                label="Holdings"
                checked={filters.holdings}
                onChange={(e) => setFilters({ ...filters, holdings: e.currentTarget.checked })}
              />
              <Switch
                label="Watchlists"
                checked={filters.watchlists}
                onChange={(e) => setFilters({ ...filters, watchlists: e.currentTarget.checked })}
              />
            </Group>
            <Chip.Group
              multiple
              value={[...filters.kinds]}
              onChange={(kinds) => setFilters({ ...filters, kinds: kinds })}
            >
              <Group gap={6} role="group" aria-label="Kinds of event">
                {(Object.keys(KIND_LABELS) as CalendarEventKind[]).map((kind) => (
                  <Chip key={kind} value={kind} size="sm">
                    {KIND_LABELS[kind]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Group>

          {pending > 0 && (
            <Group gap="xs" role="status" data-testid="calendar-pending">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                Still fetching {pending} {pending === 1 ? 'symbol' : 'symbols'}…
              </Text>
            </Group>
          )}
          {answer?.stale && (
            <Text size="sm" c="dimmed">
              Some dates are from before the market data service failed; they may have changed.
            </Text>
          )}
          {answer?.errors.map((e) => (
            <Alert key={e} color="yellow" variant="light">
              {e}
            </Alert>
          ))}

          {calendar.isPending && <Skeleton height={260} radius="md" role="status" aria-label="Loading the calendar" />}
          {calendar.isError && !answer && <LoadFailed what="the calendar" onRetry={() => void calendar.refetch()} />}
          {answer && answer.symbols === 0 && (
            <Stack align="center" gap="xs" py="lg" data-testid="calendar-no-symbols">
              <Text fw={600}>Nothing to show yet</Text>
              <Text size="sm" c="dimmed" ta="center">
                The calendar shows the stocks in your portfolios and watchlists.
              </Text>
              <Group gap="xs">
                <ButtonLink to="/portfolio" variant="default" size="xs">
                  Portfolios
                </ButtonLink>
                <ButtonLink to="/watchlists" variant="default" size="xs">
                  Watchlists
                </ButtonLink>
              </Group>
            </Stack>
          )}
          {answer && answer.symbols > 0 && (
            <>
              {view === 'week' && <WeekView from={range.from} to={range.to} days={days} today={today} />}
              {view === 'month' && (
                <MonthView from={range.from} to={range.to} days={days} today={today} month={anchor} />
              )}
              {view === 'list' &&
                (days.size === 0 ? (
                  <Text size="sm" c="dimmed" ta="center" py="lg">
                    No events this month{events.length < answer.events.length ? ' with these filters' : ''}.
                  </Text>
                ) : (
                  <ListView days={days} />
                ))}
              <Text size="xs" c="dimmed">
                {answer.symbols} {answer.symbols === 1 ? 'symbol' : 'symbols'} looked at
                {answer.omittedSymbols > 0 ? `, ${answer.omittedSymbols} left out (the calendar's limit)` : ''}.
              </Text>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
