import type { Dec } from '../decimal';
import type { ActivityDraft } from './layout';

/**
 * A reinvestment is a dividend paid out and a buy with it (issue 27 §2). Some brokers list both rows (Schwab's
 * "Reinvest Dividend" and "Reinvest Shares", Vanguard's "Dividend" and "Reinvestment"), others only the buy: the
 * dividend is added only when the file does not list one of the same symbol and amount within a week, so it is never
 * counted twice.
 */

export interface Dated {
  draft: ActivityDraft;
  day: string;
  line: number;
}

const WEEK_MS = 7 * 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The cash a reinvested buy used: its amount as written, else quantity × price. */
export function reinvestedAmount(draft: ActivityDraft): Dec | null {
  if (draft.amount) return draft.amount.abs().toDecimalPlaces(2);
  if (draft.quantity && draft.price) return draft.quantity.times(draft.price).toDecimalPlaces(2);
  return null;
}

/**
 * The list (in ledger order) with a dividend inserted before each reinvested buy whose dividend the file does not
 * list. Dividends are indexed by symbol and cents, and each index is walked forward only, so a file of any size is
 * paired in one pass.
 */
export function addReinvestedDividends(items: readonly Dated[]): Dated[] {
  const listed = new Map<string, { dividends: Dated[]; next: number }>();
  const keyOf = (symbol: string | null | undefined, amount: Dec) =>
    `${symbol ?? ''} ${amount.abs().times(100).round().toFixed()}`;
  for (const item of items)
    if (item.draft.type === 'dividend' && item.draft.amount) {
      const key = keyOf(item.draft.symbol, item.draft.amount);
      const entry = listed.get(key) ?? { dividends: [], next: 0 };
      entry.dividends.push(item);
      listed.set(key, entry);
    }
  const paired = new Set<Dated>();
  /** The first dividend of the key not yet paired and within a week of `day`; older ones can never pair again. */
  const pairIn = (key: string, day: string): Dated | null => {
    const entry = listed.get(key);
    if (!entry) return null;
    const at = dayMs(day);
    while (entry.next < entry.dividends.length && dayMs(entry.dividends[entry.next].day) < at - WEEK_MS) entry.next++;
    for (let i = entry.next; i < entry.dividends.length; i++) {
      const d = entry.dividends[i];
      if (dayMs(d.day) > at + WEEK_MS) return null;
      if (!paired.has(d)) return d;
    }
    return null;
  };
  const out: Dated[] = [];
  for (const item of items) {
    const amount = item.draft.type === 'buy' && item.draft.reinvested ? reinvestedAmount(item.draft) : null;
    if (amount) {
      // A cent either way: the buy's quantity × price may round differently from the dividend as written.
      const match = [0, -0.01, 0.01]
        .map((cents) => pairIn(keyOf(item.draft.symbol, amount.plus(cents)), item.day))
        .find((d) => d !== null);
      if (match) paired.add(match);
      else
        out.push({
          ...item,
          draft: {
            type: 'dividend',
            date: item.draft.date,
            symbol: item.draft.symbol,
            amount,
            note: 'Dividend reinvested',
            currency: item.draft.currency,
            fxRate: item.draft.fxRate,
          },
        });
    }
    out.push(item);
  }
  return out;
}
