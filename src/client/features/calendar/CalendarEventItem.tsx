import { Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CalendarEvent } from '../../../shared/calendar/types';
import { eventDetail, KIND_COLORS, KIND_LABELS, STATUS_LABELS } from './eventLabels';
import classes from './Calendar.module.css';

/** One event: symbol (to its chart), kind and status, and the line of detail. `compact` for the month's small cells. */
export function CalendarEventItem({ event, compact = false }: { event: CalendarEvent; compact?: boolean }) {
  const detail = eventDetail(event);
  if (compact) {
    return (
      <Link
        to="/trading"
        search={{ symbol: event.symbol }}
        className={classes.compact}
        data-kind={event.kind}
        title={`${event.symbol} ${KIND_LABELS[event.kind]} (${STATUS_LABELS[event.status]})${detail ? `: ${detail}` : ''}`}
      >
        <Badge size="xs" variant="light" color={KIND_COLORS[event.kind]} radius="sm">
          {event.symbol}
        </Badge>
        <Text span size="xs" className={classes.compactKind}>
          {KIND_LABELS[event.kind]}
        </Text>
      </Link>
    );
  }
  return (
    <Stack
      gap={2}
      className={classes.event}
      data-testid="calendar-event"
      data-kind={event.kind}
      data-symbol={event.symbol}
    >
      <Group gap={6} wrap="wrap">
        <Link to="/trading" search={{ symbol: event.symbol }} className={classes.symbol}>
          {event.symbol}
        </Link>
        <Badge size="sm" variant="light" color={KIND_COLORS[event.kind]}>
          {KIND_LABELS[event.kind]}
        </Badge>
        <Text span size="xs" c="dimmed">
          {STATUS_LABELS[event.status]}
          {event.held ? ' · held' : ''}
          {event.watched ? ' · watched' : ''}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" truncate="end">
        {event.name}
      </Text>
      {detail && <Text size="sm">{detail}</Text>}
    </Stack>
  );
}
