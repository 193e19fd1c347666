import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { weekOf } from '../../../shared/calendar/dates';
import { localToday, formatDay } from '../calendar/calendarDays';
import { KIND_COLORS, KIND_LABELS } from '../calendar/eventLabels';
import { useCalendar } from '../calendar/useCalendar';
import { GlanceCard } from './GlanceCard';

/** Shown on the card; the rest are on /calendar. */
const SHOWN = 5;

/** "This week" on the dashboard (issue 30 §4): the reader's own week of earnings and dividends. */
export function ThisWeekCard() {
  const calendar = useCalendar(weekOf(localToday()));
  const answer = calendar.data;
  let body = null;
  if (calendar.isError && !answer) body = <Text size="sm">Could not load the calendar.</Text>;
  else if (answer) {
    const pending = answer.pendingSymbols.length;
    body = (
      <Stack gap={6}>
        {answer.events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {pending > 0
              ? `Still fetching ${pending} ${pending === 1 ? 'symbol' : 'symbols'}…`
              : 'No earnings or dividends this week for the stocks you hold or watch.'}
          </Text>
        ) : (
          answer.events.slice(0, SHOWN).map((e) => (
            <Group key={`${e.symbol}-${e.kind}-${e.date}`} gap={6} wrap="nowrap" data-testid="this-week-event">
              <Text size="xs" c="dimmed" w={84} style={{ flex: 'none' }}>
                {formatDay(e.date)}
              </Text>
              <Text size="sm" fw={700}>
                {e.symbol}
              </Text>
              <Badge size="xs" variant="light" color={KIND_COLORS[e.kind]}>
                {KIND_LABELS[e.kind]}
              </Badge>
            </Group>
          ))
        )}
        {answer.events.length > SHOWN && (
          <Text size="xs" c="dimmed">
            and {answer.events.length - SHOWN} more
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <GlanceCard
      icon={IconCalendarEvent}
      color="orange"
      title="This week"
      testId="dashboard-this-week"
      link={{ to: '/calendar', label: 'Open the calendar' }}
    >
      {body}
    </GlanceCard>
  );
}
