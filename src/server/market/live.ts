import type { Logger } from 'pino';
import type { HistoryPoint, LiveQuoteEvent, Quote, QuotesMap } from '../../shared/market/types';

export type LiveListener = (event: LiveQuoteEvent) => void;

export interface LiveQuoteHubOptions {
  /** Quotes for every watched symbol in one call (through the service's cache and coalescing). */
  fetchQuotes: (symbols: string[]) => Promise<QuotesMap>;
  /** The exact 1-minute bar when the provider has one; otherwise the hub builds it from successive quotes. */
  fetchBar?: (symbol: string) => Promise<HistoryPoint | null>;
  intervalMs: number;
  log: Logger;
}

const MINUTE_MS = 60_000;

/**
 * Live quotes for every client from one poll: each interval, one batched quote request covers all symbols anyone
 * watches, and only changes are pushed. Watching the same symbol from a thousand sockets costs the same upstream as
 * watching it once; when the last watcher leaves, polling stops.
 */
export class LiveQuoteHub {
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private readonly lastEvent = new Map<string, LiveQuoteEvent>();
  private readonly lastFingerprint = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  private closed = false;
  /** Polls made so far (tests and diagnostics). */
  polls = 0;

  constructor(private readonly options: LiveQuoteHubOptions) {}

  /** Symbols someone watches right now. */
  watchedSymbols(): string[] {
    return [...this.listeners.keys()];
  }

  /** True while a poll is scheduled or running. */
  get active(): boolean {
    return this.timer !== null || this.polling !== null;
  }

  /** Starts pushing `symbols`' changes to `listener`; the latest known state is sent at once. Returns the unsubscribe. */
  subscribe(symbols: readonly string[], listener: LiveListener): () => void {
    if (this.closed) return () => undefined;
    let needsPoll = false;
    for (const symbol of symbols) {
      let set = this.listeners.get(symbol);
      if (!set) this.listeners.set(symbol, (set = new Set()));
      set.add(listener);
      const known = this.lastEvent.get(symbol);
      if (known) listener(known);
      else needsPoll = true;
    }
    if (needsPoll) this.schedule(0);
    else if (!this.active) this.schedule(this.options.intervalMs);
    return () => {
      for (const symbol of symbols) {
        const set = this.listeners.get(symbol);
        if (!set) continue;
        set.delete(listener);
        if (set.size === 0) {
          this.listeners.delete(symbol);
          this.lastEvent.delete(symbol);
          this.lastFingerprint.delete(symbol);
        }
      }
      if (this.listeners.size === 0) this.stop();
    };
  }

  close(): void {
    this.closed = true;
    this.listeners.clear();
    this.stop();
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delayMs: number): void {
    if (this.closed || this.listeners.size === 0) return;
    if (this.polling) {
      // A poll is running; it reschedules itself, and runs again at once if asked to.
      if (delayMs === 0) this.pollAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.polling = this.poll().finally(() => {
        this.polling = null;
        const again = this.pollAgain;
        this.pollAgain = false;
        this.schedule(again ? 0 : this.options.intervalMs);
      });
    }, delayMs);
    this.timer.unref?.();
  }

  private async poll(): Promise<void> {
    const symbols = this.watchedSymbols();
    if (symbols.length === 0) return;
    this.polls++;
    try {
      const quotes = await this.options.fetchQuotes(symbols);
      for (const symbol of symbols) {
        const quote = quotes[symbol];
        if (!quote || !this.listeners.has(symbol)) continue;
        const fingerprint = `${quote.regularMarketPrice}|${quote.regularMarketChange}|${quote.regularMarketTime}|${quote.stale ?? false}`;
        if (this.lastFingerprint.get(symbol) === fingerprint) continue;
        const bar = this.options.fetchBar
          ? await this.options.fetchBar(symbol)
          : buildBar(this.lastEvent.get(symbol)?.bar ?? null, quote);
        const event: LiveQuoteEvent = { symbol, quote, bar };
        this.lastFingerprint.set(symbol, fingerprint);
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
  if (!previous || previous.time !== time) return { time, open: price, high: price, low: price, close: price, volume: 0 };
  return {
    time,
    open: previous.open,
    high: Math.max(previous.high, price),
    low: Math.min(previous.low, price),
    close: price,
    volume: previous.volume,
  };
}
