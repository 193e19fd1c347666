import type { CalendarEvent, CalendarEventKind } from '../../../shared/calendar/types';

export interface CalendarFilters {
  holdings: boolean;
  watchlists: boolean;
  kinds: readonly CalendarEventKind[];
}

export const ALL_FILTERS: CalendarFilters = {
  holdings: true,
  watchlists: true,
  kinds: ['earnings', 'ex-dividend', 'pay'],
};

/**
 * The events the filters keep. A symbol both held and watched shows under either; a dividend only the ledger knows
 * (sold since) counts as a holding's.
 */
export function filterEvents(events: readonly CalendarEvent[], filters: CalendarFilters): CalendarEvent[] {
  return events.filter((e) => {
    if (!filters.kinds.includes(e.kind)) return false;
    const fromHoldings = e.held || !e.watched;
    return (filters.holdings && fromHoldings) || (filters.watchlists && e.watched);
  });
}

/** The events by day, in the answer's order within a day. */
export function byDay(events: readonly CalendarEvent[]): Map<string, CalendarEvent[]> {
  const days = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const list = days.get(event.date);
    if (list) list.push(event);
    else days.set(event.date, [event]);
  }
  return days;
}
