import type { MarketHoursData } from '../../tools/marketHours';
import { day } from '../prose';

/**
 * 'Is the market open?': yes or no first, then why (the weekend, the holiday) and when it opens next. 'Today' asks
 * whether the day is a trading day; 'now' asks whether it is trading at this moment; 'when does it open/close' gets
 * the date and time first.
 */

export interface MarketHoursWriting {
  today: string;
  asksNow: boolean;
  asksWhen: 'open' | 'close' | null;
}

const HOURS = '9:30 a.m. to 4:00 p.m. New York time';

/** Holidays people call by another name than the exchange's ('Presidents' Day' is Washington's Birthday). */
const ALSO_CALLED: Record<string, string> = { "Washington's Birthday": "Presidents' Day" };

function closedWhy(h: MarketHoursData): string {
  const also = h.holiday ? ALSO_CALLED[h.holiday] : undefined;
  return h.closedFor === 'weekend'
    ? `${h.weekday} is a weekend day`
    : `it is an exchange holiday (${h.holiday ?? 'a holiday'}${also ? `, also called ${also}` : ''})`;
}

function whenAnswer(h: MarketHoursData, w: MarketHoursWriting): string {
  const isToday = h.date === w.today;
  const sessionLeft = h.tradingDay && (!isToday || h.openNow !== false || h.nextOpenDate === w.today);
  if (w.asksWhen === 'close' && sessionLeft) {
    return `The NYSE closes ${isToday ? `today, ${day(h.date)},` : `on ${h.weekday}, ${day(h.date)},`} at 4:00 p.m. New York time (regular hours; some holiday eves close early at 1:00 p.m.).`;
  }
  if (h.openNow) {
    return `The NYSE is open now, until 4:00 p.m. New York time; it next opens on ${day(h.nextOpenDate)} at 9:30 a.m.`;
  }
  const opensOn =
    isToday && h.nextOpenDate === w.today ? `today, ${day(h.nextOpenDate)},` : `on ${day(h.nextOpenDate)}`;
  const closed = h.tradingDay
    ? ''
    : ` ${isToday ? 'Today' : `${h.weekday}, ${day(h.date)},`} it is closed: ${closedWhy(h)}.`;
  return `The NYSE opens ${opensOn} at 9:30 a.m. New York time and trades until 4:00 p.m.${closed}`;
}

export function writeMarketHours(h: MarketHoursData, writing: MarketHoursWriting): string {
  if (writing.asksWhen) return whenAnswer(h, writing);
  const when = h.date === writing.today ? 'today' : `on ${h.weekday}, ${day(h.date)}`;
  const next = `It next opens on ${day(h.nextOpenDate)} at 9:30 a.m. New York time.`;
  if (!h.tradingDay) return `No, the NYSE is closed ${when}: ${closedWhy(h)}. ${next}`;
  if (h.openNow === true) return `Yes, the NYSE is open right now: today's regular session runs from ${HOURS}.`;
  if (h.openNow === false) {
    const notYet = h.nextOpenDate === writing.today;
    if (writing.asksNow) {
      return notYet
        ? `No, not yet: today is a trading day, and the NYSE opens at 9:30 a.m. New York time (it trades until 4:00 p.m.).`
        : `No, the NYSE has closed for today (its session ran from ${HOURS}). ${next}`;
    }
    return notYet
      ? `Yes, the NYSE is open today, from ${HOURS}; it has not opened yet.`
      : `Yes, today was a trading day (${HOURS}), but the session has ended. ${next}`;
  }
  return `Yes, the NYSE is open ${when}, from ${HOURS} (regular hours; some holiday eves close early at 1:00 p.m.).`;
}
