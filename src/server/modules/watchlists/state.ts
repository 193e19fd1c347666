import { LRUCache } from 'lru-cache';
import type { MarketService } from '../../market';
import type { Bus } from '../../realtime/bus';
import { WatchlistChanges } from './changes';
import { figuresFromMarket, SymbolFiguresCache } from './figuresCache';

/** Users whose starter list is known to exist, remembered so that most calls skip the check (ids are never reused). */
const STARTED_USERS_REMEMBERED = 10_000;

/** The watchlists' per-server state (AppDeps.watchlists), built in createDeps and ended in closeDeps. */
export class WatchlistState {
  readonly figures: SymbolFiguresCache;
  readonly changes: WatchlistChanges;
  readonly started = new LRUCache<string, true>({ max: STARTED_USERS_REMEMBERED });

  constructor(market: MarketService, bus: Bus) {
    this.figures = new SymbolFiguresCache(figuresFromMarket(market));
    this.changes = new WatchlistChanges(bus);
  }

  close(): void {
    this.changes.close();
    this.figures.clear();
    this.started.clear();
  }
}
