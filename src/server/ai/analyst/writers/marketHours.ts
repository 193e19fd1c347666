import type { MarketHoursData } from '../../tools/marketHours';
import { day } from '../prose';

/** 'Is the market open?': yes or no first, then why (the weekend, the holiday) and when it opens next. */
export function writeMarketHours(h: MarketHoursData, today: string): string {
  const when = h.date === today ? 'today' : `on ${h.weekday}, ${day(h.date)}`;
  const next = `It next opens on ${day(h.nextOpenDate)} at 9:30 a.m. New York time.`;
  if (!h.tradingDay) {
    const why = h.closedFor === 'weekend' ? `it is a ${h.weekday}` : `it is an exchange holiday (${h.holiday ?? 'a holiday'})`;
    return `No, the NYSE is closed ${when}: ${why}. ${next}`;
  }
  if (h.openNow === true) {
    return `Yes, the NYSE is open right now: today's regular session runs from 9:30 a.m. to 4:00 p.m. New York time.`;
  }
  if (h.openNow === false) {
    const before = h.opensAt !== null && h.nextOpenDate === today;
    return before
      ? `Not yet: today is a trading day, and the NYSE opens at 9:30 a.m. New York time and closes at 4:00 p.m.`
      : `No, not right now: today's session (9:30 a.m. to 4:00 p.m. New York time) has ended. ${next}`;
  }
  return `Yes, the NYSE is open ${when}, from 9:30 a.m. to 4:00 p.m. New York time (regular hours; some holiday eves close early at 1:00 p.m.).`;
}
