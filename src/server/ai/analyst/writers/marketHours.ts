import type { MarketHoursData } from '../../tools/marketHours';
import { day } from '../prose';

/**
 * 'Is the market open?': yes or no first, then why (the weekend, the holiday) and when it opens next. 'Today' asks
 * whether the day is a trading day; 'now' asks whether it is trading at this moment.
 */
export function writeMarketHours(h: MarketHoursData, writing: { today: string; asksNow: boolean }): string {
  const when = h.date === writing.today ? 'today' : `on ${h.weekday}, ${day(h.date)}`;
  const next = `It next opens on ${day(h.nextOpenDate)} at 9:30 a.m. New York time.`;
  if (!h.tradingDay) {
    const why =
      h.closedFor === 'weekend'
        ? `${h.weekday} is a weekend day`
        : `it is an exchange holiday (${h.holiday ?? 'a holiday'})`;
    return `No, the NYSE is closed ${when}: ${why}. ${next}`;
  }
  const hours = '9:30 a.m. to 4:00 p.m. New York time';
  if (h.openNow === true) return `Yes, the NYSE is open right now: today's regular session runs from ${hours}.`;
  if (h.openNow === false) {
    const notYet = h.nextOpenDate === writing.today;
    if (writing.asksNow) {
      return notYet
        ? `No, not yet: today is a trading day, and the NYSE opens at 9:30 a.m. New York time (it trades until 4:00 p.m.).`
        : `No, the NYSE has closed for today (its session ran from ${hours}). ${next}`;
    }
    return notYet
      ? `Yes, the NYSE is open today, from ${hours}; it has not opened yet.`
      : `Yes, today was a trading day (${hours}), but the session has ended. ${next}`;
  }
  return `Yes, the NYSE is open ${when}, from ${hours} (regular hours; some holiday eves close early at 1:00 p.m.).`;
}
