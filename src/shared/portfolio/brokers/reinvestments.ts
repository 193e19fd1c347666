import { Dec } from '../decimal';
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

/** The list with a dividend inserted before each reinvested buy whose dividend the file does not list. */
export function addReinvestedDividends(items: readonly Dated[]): Dated[] {
  const paired = new Set<Dated>();
  const out: Dated[] = [];
  for (const item of items) {
    if (item.draft.type === 'buy' && item.draft.reinvested) {
      const amount = reinvestedAmount(item.draft);
      const listed = items.find(
        (other) =>
          !paired.has(other) &&
          other.draft.type === 'dividend' &&
          other.draft.symbol === item.draft.symbol &&
          amount !== null &&
          other.draft.amount !== null &&
          other.draft.amount !== undefined &&
          other.draft.amount.abs().minus(amount).abs().lte(new Dec('0.01')) &&
          Math.abs(dayMs(other.day) - dayMs(item.day)) <= WEEK_MS,
      );
      if (listed) paired.add(listed);
      else if (amount)
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
