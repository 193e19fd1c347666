import type { LiveQuoteEvent, Quote } from '../../../shared/market/types';
import type { WatchlistLiveEvent, WatchlistRow } from '../../../shared/watchlists/types';
import type { AppDeps } from '../../depsTypes';
import { watchlistNotFound } from './errors';
import { PRICE_MINUTE_MS } from './figuresCache';
import { findOwnedList, symbolsOfList } from './queries';
import { watchlistRows } from './rows';
import { watchlistOf } from './service';
import { ensureStarterList } from './starterList';

type Deps = Pick<AppDeps, 'db' | 'now' | 'market' | 'watchlists'>;

/**
 * `watchlists.live`: one list's rows as they change, for as long as the client listens. The quotes come from the
 * market's live hub, which polls each symbol once however many lists and charts show it; a tick turns into a row by
 * laying the quote over the symbol's figures (one row object per quote for every stream; see figuresCache.ts), so a
 * tick costs each stream a map write, and its rows go out together at the next turn, as JSON text made of each row's
 * encoding, shared by every stream (decision 019). Only the newest row per symbol
 * waits for a slow socket, so memory stays bounded by the list's size. When the list changes, here or on another
 * instance (the bus's `watchlist.changed`), the stream reads it again and sends it whole; when it is deleted, it
 * says so and ends.
 */
export async function* watchlistLiveStream(
  deps: Deps,
  userId: string,
  id: string,
  signal: AbortSignal,
): AsyncGenerator<WatchlistLiveEvent> {
  const figures = deps.watchlists.figures;
  /** Rows waiting to be sent, newest per symbol. */
  const pending = new Map<string, WatchlistRow>();
  /** The last row sent per symbol: a tick that changes nothing sends nothing. */
  const sent = new Map<string, WatchlistRow>();
  const quotes = new Map<string, Quote>();
  /** The list's symbols as last read. */
  let listed = new Set<string>();
  let listChanged = true;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const queue = (symbol: string) => {
    if (!listed.has(symbol)) return;
    const row = figures.row(symbol, quotes.get(symbol));
    if (sent.get(symbol) === row) return;
    pending.set(symbol, row);
    notify();
  };
  /** Computes the symbol's figures for this price minute (once for everyone) and sends its row when they are ready. */
  const refresh = (symbol: string) => {
    figures.current(symbol, deps.now()).then(
      () => queue(symbol),
      () => undefined,
    );
  };
  const onTick = (event: LiveQuoteEvent) => {
    quotes.set(event.symbol, event.quote);
    queue(event.symbol);
    // A new price minute: the figures are computed again, and the row follows when they are.
    if ((figures.latest(event.symbol)?.minute ?? -1) < Math.floor(deps.now() / PRICE_MINUTE_MS)) refresh(event.symbol);
  };
  const stopListening = deps.watchlists.changes.listen(id, () => {
    listChanged = true;
    notify();
  });
  signal.addEventListener('abort', notify, { once: true });
  let unsubscribe = () => {};
  let first = true;
  try {
    await ensureStarterList(deps, userId);
    while (!signal.aborted) {
      if (listChanged) {
        listChanged = false;
        const list = await findOwnedList(deps.db, userId, id);
        if (!list) {
          if (first) throw watchlistNotFound();
          yield { type: 'deleted', id };
          return;
        }
        first = false;
        const symbols = await symbolsOfList(deps.db, id);
        const snapshot = await watchlistRows(deps, symbols);
        unsubscribe();
        listed = new Set(symbols);
        pending.clear();
        sent.clear();
        quotes.clear();
        for (const row of snapshot.rows) {
          sent.set(row.symbol, row);
          const quote = snapshot.quotes[row.symbol];
          if (quote) quotes.set(row.symbol, quote);
          // Figures still being computed (a cold symbol) follow as a row when they are ready.
          if (!row.complete) refresh(row.symbol);
        }
        unsubscribe = deps.market.live.subscribe(symbols, onTick);
        yield {
          type: 'list',
          watchlist: { ...watchlistOf(list, symbols), rows: snapshot.rows, errors: snapshot.errors },
        };
        continue;
      }
      if (pending.size === 0) {
        await new Promise<void>((resolve) => (wake = resolve));
        // The hub pushes a poll's symbols one after another within a turn: send them as one event after it.
        await new Promise<void>((resolve) => setImmediate(resolve));
        continue;
      }
      const rows = [...pending.values()];
      pending.clear();
      for (const row of rows) sent.set(row.symbol, row);
      yield { type: 'rows', id, rowsJson: figures.encode(rows) };
    }
  } finally {
    unsubscribe();
    stopListening();
    signal.removeEventListener('abort', notify);
  }
}
