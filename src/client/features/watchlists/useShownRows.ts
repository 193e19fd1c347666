import { useState } from 'react';
import type { WatchlistDetail, WatchlistRow } from '../../../shared/watchlists/types';

/**
 * The rows in the list's order, with a reorder shown at once: the new order stands until the server's next list
 * (which carries it, or the order that won when another device reordered too).
 */
export function useShownRows(detail: WatchlistDetail | null, rows: ReadonlyMap<string, WatchlistRow>) {
  const [pending, setPending] = useState<{ order: string[]; over: string } | null>(null);
  const order = pending && detail && pending.over === detail.updatedAt ? pending.order : (detail?.symbols ?? []);
  const shown = order.flatMap((symbol) => {
    const row = rows.get(symbol);
    return row ? [row] : [];
  });
  const showOrder = (next: string[]) => {
    if (detail) setPending({ order: next, over: detail.updatedAt });
  };
  return { rows: shown, showOrder };
}
