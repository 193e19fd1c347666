import { Paper, Stack, Text, Title } from '@mantine/core';
import type { CalendarEvent } from '../../../shared/calendar/types';
import classes from './Calendar.module.css';
import { daysBetween, formatDay } from './calendarDays';
import { CalendarEventItem } from './CalendarEventItem';

interface ViewProps {
  from: string;
  to: string;
  days: ReadonlyMap<string, CalendarEvent[]>;
  today: string;
}

/** Seven days side by side (one under another on narrow screens), every event in full. */
export function WeekView({ from, to, days, today }: ViewProps) {
  return (
    <div className={classes.week} data-testid="calendar-week">
      {daysBetween(from, to).map((day) => {
        const events = days.get(day) ?? [];
        return (
          <section
            key={day}
            className={classes.day}
            data-today={day === today || undefined}
            aria-label={formatDay(day)}
          >
            <h3 className={classes.dayHeading}>{formatDay(day)}</h3>
            {events.length === 0 ? (
              <Text size="xs" c="dimmed">
                Nothing
              </Text>
            ) : (
              events.map((e) => <CalendarEventItem key={`${e.symbol}-${e.kind}-${e.date}`} event={e} />)
            )}
          </section>
        );
      })}
    </div>
  );
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The month's weeks in a grid; each day lists its events by symbol and kind, each a link to the chart. */
export function MonthView({ from, to, days, today, month }: ViewProps & { month: string }) {
  return (
    <Stack gap={4} data-testid="calendar-month">
      <div className={classes.weekdays} aria-hidden>
        {WEEKDAYS.map((d) => (
          <div key={d}>{d}</div>
        ))}
      </div>
      <div className={classes.month}>
        {daysBetween(from, to).map((day) => {
          const events = days.get(day) ?? [];
          return (
            <section
              key={day}
              className={classes.monthDay}
              data-outside={day.slice(0, 7) !== month.slice(0, 7) || undefined}
              data-today={day === today || undefined}
              aria-label={`${formatDay(day)}: ${events.length} ${events.length === 1 ? 'event' : 'events'}`}
            >
              <h3 className={classes.dayHeading}>{Number(day.slice(8))}</h3>
              {events.map((e) => (
                <CalendarEventItem key={`${e.symbol}-${e.kind}-${e.date}`} event={e} compact />
              ))}
            </section>
          );
        })}
      </div>
    </Stack>
  );
}

/** Only the days with events, in order: the easiest to read on a phone. */
export function ListView({ days }: Pick<ViewProps, 'days'>) {
  return (
    <Stack gap="md" data-testid="calendar-list">
      {[...days.entries()].map(([day, events]) => (
        <Paper key={day} withBorder radius="md" p="sm" component="section" aria-label={formatDay(day)}>
          <Title order={3} size="h6" mb={4}>
            {formatDay(day)}
          </Title>
          {events.map((e) => (
            <CalendarEventItem key={`${e.symbol}-${e.kind}-${e.date}`} event={e} />
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
