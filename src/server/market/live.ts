import type { Logger } from 'pino';
import type { HistoryPoint, LiveQuoteEvent, Quote, QuotesMap } from '../../shared/market/types';

export type LiveListener = (event: LiveQuoteEvent) => void;

export interface LiveQuoteHubOptions {
  /** Quotes for every watched symbol in one call (through the service's cache and coalescing). */
  fetchQuotes: (symbols: string[]) => Promise<QuotesMap>;
  /** The exact 1-minute bar when the provider has one; otherwise the hub builds it from successive quotes. */
  fetchBar?: (symbol: string) => Promise<HistoryPoint | null>;
  intervalMs: number;
  /** Symbols per upstream quote request (a poll of many symbols is several requests, run through the gate). */
  batchSize?: number;
  log: Logger;
}

/**
 * A part of the server that needs quotes whether or not any browser watches (the price alerts: an alert must fire
 * with every tab closed). Its symbols join each poll; it receives every batch's quotes, changed or not.
 */
export interface PollObserver {
  /** Symbols to quote in this poll besides the watched ones; read at the start of each poll. */
  symbols(): readonly string[];
  /** A batch's quotes as soon as it arrives (a tick per symbol), whether or not they changed since the last poll. */
  onQuotes(quotes: QuotesMap): void;
}

/** Symbols per upstream quote request: Yahoo's quote endpoint takes a few hundred; a short URL is kinder. */
export const LIVE_BATCH_SIZE = 100;

const MINUTE_MS = 60_000;

/**
 * Live quotes for every client from one poll: each interval, batched quote requests (LIVE_BATCH_SIZE symbols each)
 * cover all symbols anyone watches and those of the observer (the armed alerts' symbols, polled with every tab
 * closed), and only changes are pushed to watchers; the observer gets every batch. Watching the same symbol from a
 * thousand sockets costs the same upstream as watching it once; when the last watcher leaves and the observer has no
 * symbols, polling stops. A symbol nobody watched before is fetched at once,
 * alone (with the other new symbols of the same turn), never by re-polling everything already watched: a stream
 * of new subscriptions must not turn into a stream of full polls. Unknown symbols cost one upstream ask per
 * `FRESHNESS.notFound` (the service caches the "not found").
 */
export class LiveQuoteHub {
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private readonly lastEvent = new Map<string, LiveQuoteEvent>();
  private readonly lastFingerprint = new Map<string, string>();
  /** Symbols subscribed with nothing known about them yet, fetched together on the next turn of the event loop. */
  private readonly newSymbols = new Set<string>();
  private newSymbolsTurn: NodeJS.Immediate | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private closed = false;
  private observer: PollObserver | null = null;
  /** Full polls made so far (tests and diagnostics). */
  polls = 0;
  /** Fetches of newly watched symbols only (tests and diagnostics). */
  newSymbolFetches = 0;

  constructor(private readonly options: LiveQuoteHubOptions) {}

  /** Symbols someone watches right now. */
  watchedSymbols(): string[] {
    return [...this.listeners.keys()];
  }

  /** Adds the observer's symbols to every poll (one observer: the alert engine). Returns the undo. */
  observe(observer: PollObserver): () => void {
    this.observer = observer;
    this.wake();
    return () => {
      if (this.observer === observer) this.observer = null;
      if (!this.hasWork()) this.stop();
    };
  }

  /** The observer has symbols now (or more of them): make sure a poll is coming. */
  wake(): void {
    this.schedule(this.options.intervalMs);
  }

  /** True while a poll is scheduled or running. */
  get active(): boolean {
    return this.timer !== null || this.polling !== null;
  }

  /** Starts pushing `symbols`' changes to `listener`; the latest known state is sent at once. Returns the unsubscribe. */
  subscribe(symbols: readonly string[], listener: LiveListener): () => void {
    if (this.closed) return () => undefined;
    for (const symbol of symbols) {
      let set = this.listeners.get(symbol);
      if (!set) this.listeners.set(symbol, (set = new Set()));
      set.add(listener);
      const known = this.lastEvent.get(symbol);
      if (known) listener(known);
      else this.newSymbols.add(symbol);
    }
    if (this.newSymbols.size > 0) this.fetchNewSymbolsSoon();
    this.schedule(this.options.intervalMs);
    return () => {
      for (const symbol of symbols) {
        const set = this.listeners.get(symbol);
        if (!set) continue;
        set.delete(listener);
        if (set.size === 0) {
          this.listeners.delete(symbol);
          this.lastEvent.delete(symbol);
          this.lastFingerprint.delete(symbol);
          this.newSymbols.delete(symbol);
        }
      }
      if (!this.hasWork()) this.stop();
    };
  }

  /** Someone watches a symbol, or the observer has symbols to quote. */
  private hasWork(): boolean {
    return this.listeners.size > 0 || (this.observer !== null && this.observer.symbols().length > 0);
  }

  close(): void {
    this.closed = true;
    this.listeners.clear();
    this.stop();
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.newSymbolsTurn) clearImmediate(this.newSymbolsTurn);
    this.newSymbolsTurn = null;
    this.newSymbols.clear();
  }

  private fetchNewSymbolsSoon(): void {
    if (this.newSymbolsTurn) return;
    this.newSymbolsTurn = setImmediate(() => {
      this.newSymbolsTurn = null;
      const symbols = [...this.newSymbols].filter((s) => this.listeners.has(s));
      this.newSymbols.clear();
      if (symbols.length === 0) return;
      this.newSymbolFetches++;
      void this.fetchAndPush(symbols);
    });
  }

  /** Arms the next full poll unless one is already armed or running (a running poll re-arms itself). */
  private schedule(delayMs: number): void {
    if (this.closed || this.timer || this.polling || !this.hasWork()) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.polling = this.poll().finally(() => {
        this.polling = null;
        this.schedule(this.options.intervalMs);
      });
    }, delayMs);
    this.timer.unref?.();
  }

  private async poll(): Promise<void> {
    const symbols = this.watchedSymbols();
    const watched = new Set(symbols);
    for (const symbol of this.observer?.symbols() ?? []) if (!watched.has(symbol)) symbols.push(symbol);
    if (symbols.length === 0) return;
    this.polls++;
    // Batches go out together: the market service's gate bounds how many reach the provider at once.
    const size = this.options.batchSize ?? LIVE_BATCH_SIZE;
    const batches: Promise<void>[] = [];
    for (let i = 0; i < symbols.length; i += size) batches.push(this.fetchAndPush(symbols.slice(i, i + size)));
    await Promise.all(batches);
  }

  /** One batched quote request for `symbols`; pushes each symbol whose quote changed to its watchers. */
  private async fetchAndPush(symbols: string[]): Promise<void> {
    try {
      const quotes = await this.options.fetchQuotes(symbols);
      try {
        this.observer?.onQuotes(quotes);
      } catch (error) {
        this.options.log.warn({ err: error }, 'live quote observer failed');
      }
      for (const symbol of symbols) {
        const quote = quotes[symbol];
        if (!quote || !this.listeners.has(symbol)) continue;
        const fingerprint = `${quote.regularMarketPrice}|${quote.regularMarketChange}|${quote.regularMarketTime}|${quote.stale ?? false}`;
        if (this.lastFingerprint.get(symbol) === fingerprint) continue;
        // Claimed before the bar is awaited, so a poll and a new-symbol fetch running together push it once.
        this.lastFingerprint.set(symbol, fingerprint);
        const bar = this.options.fetchBar
          ? await this.options.fetchBar(symbol)
          : buildBar(this.lastEvent.get(symbol)?.bar ?? null, quote);
        if (!this.listeners.has(symbol)) continue;
        const event: LiveQuoteEvent = { symbol, quote, bar };
        this.lastEvent.set(symbol, event);
        for (const listener of this.listeners.get(symbol) ?? []) {
          try {
            listener(event);
          } catch (error) {
            this.options.log.warn({ err: error, symbol }, 'live quote listener failed');
          }
        }
      }
    } catch (error) {
      // The next poll retries; subscribers keep the last state they got.
      this.options.log.warn({ err: error }, 'live quote poll failed');
    }
  }
}

/** The 1-minute bar in progress, grown from successive quotes (for providers that cannot tell it directly). */
export function buildBar(previous: HistoryPoint | null, quote: Quote): HistoryPoint {
  const time = Math.floor(quote.regularMarketTime / MINUTE_MS) * MINUTE_MS;
  const price = quote.regularMarketPrice;
  if (!previous || previous.time !== time)
    return { time, open: price, high: price, low: price, close: price, volume: 0 };
  return {
    time,
    open: previous.open,
    high: Math.max(previous.high, price),
    low: Math.min(previous.low, price),
    close: price,
    volume: previous.volume,
  };
}
