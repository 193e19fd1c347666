import type { HistoryPoint } from '../../../shared/market/types';
import type { ValueHistoryRange } from '../../../shared/portfolio/schemas';
import type { ValueHistory } from '../../../shared/portfolio/types';
import type { AppDeps } from '../../depsTypes';
import { holdingsValueSeries } from './analysis/series';
import { requireOwnedPortfolio } from './ownership';
import { holdingsFingerprint, oncePerPriceMinute } from './priceMinuteCache';
import { holdingsOf, type HoldingRow } from './queries';

/**
 * The value of today's holdings at past prices over a range: what the current positions would have been worth, not
 * a record of past trades (the screen says so). Each symbol's history is one cached market call; a symbol without
 * history is left out and named. Computed once per price minute while the holdings stay the same.
 */
/** What a value history uses: the holdings, the market's histories and this server's price-minute answers. */
type ValueHistoryDeps = Pick<AppDeps, 'db' | 'market' | 'now' | 'priceMinutes'>;

export async function getValueHistory(
  deps: ValueHistoryDeps,
  userId: string,
  id: string,
  range: ValueHistoryRange,
): Promise<ValueHistory> {
  const row = await requireOwnedPortfolio(deps, userId, id);
  const records = await holdingsOf(deps.db, row.id);
  return oncePerPriceMinute(deps, `value:${range}:${row.id}:${holdingsFingerprint(records)}`, () =>
    valueHistoryOf(deps, records, range),
  );
}

async function valueHistoryOf(
  deps: Pick<AppDeps, 'market'>,
  records: HoldingRow[],
  range: ValueHistoryRange,
): Promise<ValueHistory> {
  const histories = await Promise.all(
    records.map((h) => deps.market.history(h.symbol, range).catch((): HistoryPoint[] | null => null)),
  );
  const missing = records.filter((_, i) => !histories[i]?.length).map((h) => h.symbol);
  const series = holdingsValueSeries(
    records.flatMap((h, i) => {
      const points = histories[i];
      if (!points?.length) return [];
      return [{ quantity: Number(h.quantity), times: points.map((p) => p.time), closes: points.map((p) => p.close) }];
    }),
  );
  return {
    range,
    points: series.times.map((time, i) => ({ time, value: Math.round(series.values[i] * 100) / 100 })),
    missing,
  };
}
