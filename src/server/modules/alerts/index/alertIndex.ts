import {
  CONDITION_RULES,
  type AlertCondition,
  type AlertMeasure,
  type ConditionShape,
} from '../../../../shared/alerts/conditions';
import { CrossingLevels } from './crossingLevels';
import { LevelStack } from './levelStack';
import { SnoozeHeap } from './snoozeHeap';

/**
 * Every armed alert of this server, indexed by symbol, measure and level, so that one symbol's new value finds
 * exactly the alerts it fires in O(log n + fired) (`evaluate`), whatever the number of alerts:
 *
 * - level conditions (above / below) in a LevelStack per book: the ones that hold sit at its end;
 * - crossings in CrossingLevels per book, evaluated against the book's previous value: the move p0 -> p1 fires the
 *   levels between them;
 * - a crossing armed after the book's last observation is "fresh": it has its own starting value (the price when it
 *   was armed, or none) and is judged alone at the next tick, so a move seen before the alert existed never fires it.
 *   One that does not fire then waits ("settled", judged up to the book's value) until `compact` puts it in its
 *   sorted array between polls: that insert moves the entries after it, and a tick must not pay for it;
 * - alerts that may not fire before a time (once a day, throttle) wait in a heap and come back when due.
 *
 * An alert that fires leaves its book at once ('fired'); the engine then records the firing and tells the index the
 * alert's new state (snoozed, done) through `add` / `remove`. The index holds no user data: ids, levels and states.
 */

export interface IndexedAlert {
  id: number;
  symbol: string;
  condition: AlertCondition;
  /** Null for the moving-average crossovers (their level is 0: MA20 - MA50 crossing zero). */
  level: number | null;
  generation: number;
  /** When this generation was armed (a crossing counts moves observed after it). */
  armedAt: number;
  /** The measure's value when armed, when known. */
  baseline: number | null;
  /** May not fire before this time; null or past: may fire now. */
  nextEligibleAt: number | null;
}

type Placement = 'level' | 'crossing' | 'fresh' | 'settled' | 'snoozed' | 'fired';

/** One alert in the index: its fields flattened into one object (a million of them must stay small). */
class Entry {
  placement: Placement = 'fired';
  wakeAt = 0;
  readonly id: number;
  readonly symbol: string;
  readonly condition: AlertCondition;
  readonly generation: number;
  readonly armedAt: number;
  readonly baseline: number | null;
  readonly nextEligibleAt: number | null;
  readonly measure: AlertMeasure;
  readonly shape: ConditionShape;
  /** Where it sits in its book: the level (crossings), or the LevelStack key (-level above, level below). */
  readonly level: number;
  readonly key: number;

  constructor(alert: IndexedAlert) {
    const rule = CONDITION_RULES[alert.condition];
    this.id = alert.id;
    this.symbol = alert.symbol;
    this.condition = alert.condition;
    this.generation = alert.generation;
    this.armedAt = alert.armedAt;
    this.baseline = alert.baseline;
    this.nextEligibleAt = alert.nextEligibleAt;
    this.measure = rule.measure;
    this.shape = rule.shape;
    this.level = alert.level ?? 0;
    this.key = rule.shape === 'above' ? -this.level : this.level;
  }

  get alert(): IndexedAlert {
    const { id, symbol, condition, generation, armedAt, baseline, nextEligibleAt } = this;
    const level = CONDITION_RULES[condition].measure === 'ma' ? null : this.level;
    return { id, symbol, condition, level, generation, armedAt, baseline, nextEligibleAt };
  }
}

/**
 * One symbol's alerts on one measure. Its structures are made when first needed: a tick reads only those that hold
 * alerts (a change-% book has no crossings), each a small object whose guard decides most ticks.
 */
class MeasureBook {
  above: LevelStack | null = null;
  below: LevelStack | null = null;
  up: CrossingLevels | null = null;
  down: CrossingLevels | null = null;
  /** Crossings armed after `prevAt`, each judged from its own baseline at the next tick (null: none). */
  fresh: Entry[] | null = null;
  /** Fresh crossings judged up to `prev` that fired nothing, waiting for `compact` to insert them (null: none). */
  settled: Entry[] | null = null;
  /** The last value evaluated here (NaN: none yet) and when. */
  prev = NaN;
  prevAt = -Infinity;
  /** Alerts of this book in any placement, the snoozed and fired included. */
  count = 0;
  // The structures' guards, copied here (sync) so a tick that fires nothing reads this object only: the top keys of
  // the level stacks (-Infinity: empty), the levels around each crossing array's finger (see CrossingLevels).
  aboveTop = -Infinity;
  belowTop = -Infinity;
  upBelow = -Infinity;
  upAbove = Infinity;
  downBelow = -Infinity;
  downAbove = Infinity;

  sync(): void {
    this.aboveTop = this.above?.top ?? -Infinity;
    this.belowTop = this.below?.top ?? -Infinity;
    this.upBelow = this.up?.below ?? -Infinity;
    this.upAbove = this.up?.above ?? Infinity;
    this.downBelow = this.down?.below ?? -Infinity;
    this.downAbove = this.down?.above ?? Infinity;
  }
}

/** A symbol's books, one per measure read by some alert (fields, not a dictionary: a fixed shape is fast to read). */
class SymbolBooks {
  price: MeasureBook | undefined = undefined;
  change: MeasureBook | undefined = undefined;
  rsi: MeasureBook | undefined = undefined;
  ma: MeasureBook | undefined = undefined;
  count = 0;
}

/** Ids fired by evaluations, with the value that fired each; reused between polls (no allocation per tick). */
export class FiredBuffer {
  ids: number[] = [];
  values: number[] = [];
  length = 0;

  push(id: number, value: number): void {
    this.ids[this.length] = id;
    this.values[this.length] = value;
    this.length++;
  }

  reset(): void {
    this.length = 0;
  }
}

export class AlertIndex {
  private readonly entries = new Map<number, Entry>();
  private readonly symbols = new Map<string, SymbolBooks>();
  private readonly snoozed = new SnoozeHeap();
  /** Books with dead crossing entries or settled ones to insert, tidied between polls. */
  private readonly untidy = new Set<MeasureBook>();
  /** While loading many at once: books appended to, their structures sorted once at the end. */
  private appending: Set<MeasureBook> | null = null;
  // The evaluation in progress, read by `fireId` (one bound function, so a tick allocates no closure). Firing only
  // appends to the buffer: the entries are marked by `markFired` once the tick is evaluated.
  private firing: FiredBuffer | null = null;
  private firingValue = 0;
  private readonly fireId = (id: number): void => this.firing!.push(id, this.firingValue);

  /** Alerts held, in any state. */
  get size(): number {
    return this.entries.size;
  }

  has(id: number): boolean {
    return this.entries.has(id);
  }

  /** The alert as last added, with where it is now ('snoozed' until `wakeAt`, 'fired' until its firing is recorded). */
  get(id: number): { alert: IndexedAlert; placement: Placement; wakeAt: number } | undefined {
    const entry = this.entries.get(id);
    return entry && { alert: entry.alert, placement: entry.placement, wakeAt: entry.wakeAt };
  }

  /** Symbols with at least one alert (armed, snoozed or being fired). */
  symbolList(): string[] {
    return [...this.symbols.keys()];
  }

  /** Whether any alert of `symbol` reads `measure` (RSI and the moving averages cost a history read). */
  watches(symbol: string, measure: AlertMeasure): boolean {
    return (this.symbols.get(symbol)?.[measure]?.count ?? 0) > 0;
  }

  /** The book's last value and when, for the measures alerts cross (persisted so another instance can go on). */
  observed(symbol: string, measure: AlertMeasure): { value: number; at: number } | null {
    const book = this.symbols.get(symbol)?.[measure];
    return book && book.prevAt > -Infinity ? { value: book.prev, at: book.prevAt } : null;
  }

  /**
   * Adds an armed alert, or replaces the one with its id: it waits in the heap when it may not fire before `now`,
   * else joins its book (a crossing as fresh unless the book has observed a value since the alert was armed).
   */
  add(alert: IndexedAlert, now: number): void {
    this.remove(alert.id);
    const entry = new Entry(alert);
    const book = this.bookFor(alert.symbol, entry.measure);
    this.entries.set(alert.id, entry);
    if (alert.nextEligibleAt !== null && alert.nextEligibleAt > now) {
      entry.placement = 'snoozed';
      entry.wakeAt = alert.nextEligibleAt;
      this.snoozed.push(entry.wakeAt, alert.id);
      return;
    }
    if (entry.shape === 'above' || entry.shape === 'below') this.placeLevel(book, entry);
    else if (alert.armedAt <= book.prevAt) this.placeCrossing(book, entry);
    else {
      entry.placement = 'fresh';
      (book.fresh ??= []).push(entry);
    }
  }

  /**
   * Adds many alerts at once (start-up, a take-over): each structure gets its entries appended and is sorted once,
   * O(n log n) in all, where one insert at a time would move the entries after each. Same placement as `add`.
   */
  load(alerts: readonly IndexedAlert[], now: number): void {
    this.appending = new Set();
    try {
      // The books first, together: a tick reads its symbol's books, and books made side by side share pages of
      // memory (made between a million alert entries, each would sit on a page of its own).
      for (const alert of alerts) this.bookFor(alert.symbol, CONDITION_RULES[alert.condition].measure, 0);
      for (const alert of alerts) this.add(alert, now);
      for (const book of this.appending) {
        book.above?.sort();
        book.below?.sort();
        book.up?.sort();
        book.down?.sort();
        book.sync();
      }
    } finally {
      this.appending = null;
    }
  }

  /** Forgets an alert (deleted, paused, done, expired). */
  remove(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    const books = this.symbols.get(entry.symbol)!;
    const book = books[entry.measure]!;
    switch (entry.placement) {
      case 'level':
        (entry.shape === 'above' ? book.above : book.below)!.remove(entry.key, id);
        book.sync();
        break;
      case 'crossing':
        (entry.shape === 'crossUp' ? book.up : book.down)!.remove(entry.level, id);
        this.untidy.add(book);
        break;
      case 'fresh':
        book.fresh!.splice(book.fresh!.indexOf(entry), 1);
        if (book.fresh!.length === 0) book.fresh = null;
        break;
      case 'settled':
        book.settled!.splice(book.settled!.indexOf(entry), 1);
        if (book.settled!.length === 0) book.settled = null;
        break;
      // Snoozed: its heap entry is skipped when it comes up. Fired: already out of its book.
    }
    this.entries.delete(id);
    if (--book.count === 0) {
      books[entry.measure] = undefined;
      this.untidy.delete(book);
    }
    if (--books.count === 0) this.symbols.delete(entry.symbol);
  }

  /**
   * One symbol's new value of one measure at time `at`: appends to `fired` every alert it fires (each leaves its
   * book; call `markFired` after), then remembers the value as the book's previous one. A value that is not a finite
   * number fires nothing and is not remembered.
   */
  evaluate(symbol: string, measure: AlertMeasure, value: number, at: number, fired: FiredBuffer): void {
    const book = this.symbols.get(symbol)?.[measure];
    if (book) this.evaluateBook(book, value, at, fired);
  }

  /** A tick: one symbol's new quote, its price and day's change evaluated together (one lookup of the symbol). */
  evaluateQuote(symbol: string, price: number, change: number, at: number, fired: FiredBuffer): void {
    const books = this.symbols.get(symbol);
    if (!books) return;
    if (books.price) this.evaluateBook(books.price, price, at, fired);
    if (books.change) this.evaluateBook(books.change, change, at, fired);
  }

  private evaluateBook(book: MeasureBook, value: number, at: number, fired: FiredBuffer): void {
    if (!Number.isFinite(value)) return;
    // Settled crossings not yet inserted (no compaction since this book's last tick) go on from `prev` as the others.
    if (book.settled !== null) this.placeSettled(book);
    this.firing = fired;
    this.firingValue = value;
    // Each structure is entered only when its guard says the value reaches into it.
    if (book.aboveTop > -value) {
      book.above!.popAbove(-value, this.fireId);
      book.aboveTop = book.above!.top;
    }
    if (book.belowTop > value) {
      book.below!.popAbove(value, this.fireId);
      book.belowTop = book.below!.top;
    }
    const prev = book.prev;
    if (value > prev) {
      if (book.upAbove < value) this.moveCrossings(book, book.up!, prev, value);
      if (book.downAbove <= value) this.moveCrossings(book, book.down!, prev, value);
    } else if (value < prev) {
      if (book.upBelow >= value) this.moveCrossings(book, book.up!, prev, value);
      if (book.downBelow > value) this.moveCrossings(book, book.down!, prev, value);
    }
    book.prev = value;
    book.prevAt = at;
    // After the previous value moved on: fresh crossings are judged from their own baselines to `value`.
    if (book.fresh !== null) this.settleFresh(book, value);
    this.firing = null;
  }

  /**
   * Marks the alerts `evaluate` appended to `fired` (from index `from` on) as fired: out of their books until the
   * engine records the firing and says what became of them (`add` again, or `remove`). Call it right after the
   * evaluations, before anything else touches the index.
   */
  markFired(fired: FiredBuffer, from = 0): void {
    for (let i = from; i < fired.length; i++) {
      const entry = this.entries.get(fired.ids[i]);
      if (entry) entry.placement = 'fired';
    }
  }

  /**
   * What another instance observed (the persisted state, when this one takes the evaluation over): kept when newer
   * than this book's own, and fresh crossings armed before it join the others, judged from it from now on.
   */
  setObserved(symbol: string, measure: AlertMeasure, value: number, at: number): void {
    const book = this.symbols.get(symbol)?.[measure];
    if (!book || at <= book.prevAt || !Number.isFinite(value)) return;
    if (book.settled !== null) this.placeSettled(book);
    book.prev = value;
    book.prevAt = at;
    book.up?.invalidate();
    book.down?.invalidate();
    book.sync();
    if (book.fresh === null) return;
    const stillFresh: Entry[] = [];
    for (const entry of book.fresh) {
      if (entry.armedAt <= at) this.placeCrossing(book, entry);
      else stillFresh.push(entry);
    }
    book.fresh = stillFresh.length > 0 ? stillFresh : null;
  }

  /** Brings back every snoozed alert due at `now` (a crossing goes on from the book's current value). */
  wakeDue(now: number): number {
    let woken = 0;
    this.snoozed.popDue(now, (id, time) => {
      const entry = this.entries.get(id);
      if (!entry || entry.placement !== 'snoozed' || entry.wakeAt !== time) return;
      const book = this.symbols.get(entry.symbol)![entry.measure]!;
      if (entry.shape === 'above' || entry.shape === 'below') this.placeLevel(book, entry);
      else this.placeCrossing(book, entry);
      woken++;
    });
    return woken;
  }

  /**
   * Between polls, off the tick's path: inserts the settled crossings in their arrays and squeezes the dead entries
   * out of the books that have some.
   */
  compact(): void {
    for (const book of this.untidy) {
      if (book.settled !== null) this.placeSettled(book);
      if (book.up?.needsCompaction) book.up.compact();
      if (book.down?.needsCompaction) book.down.compact();
      book.sync();
    }
    this.untidy.clear();
  }

  clear(): void {
    this.entries.clear();
    this.symbols.clear();
    this.snoozed.clear();
    this.untidy.clear();
  }

  private moveCrossings(book: MeasureBook, levels: CrossingLevels, from: number, to: number): void {
    // Having looked at entries, it may leave dead ones to squeeze out later.
    if (levels.move(from, to, this.fireId)) this.untidy.add(book);
    // Only this array's guards changed: copying them alone spares the tick reading the book's other structures
    // (sync() reads all four, each an object of its own, rarely in the CPU's cache).
    if (levels === book.up) {
      book.upBelow = levels.below;
      book.upAbove = levels.above;
    } else {
      book.downBelow = levels.below;
      book.downAbove = levels.above;
    }
  }

  private settleFresh(book: MeasureBook, value: number): void {
    const fresh = book.fresh!;
    book.fresh = null;
    for (const entry of fresh) {
      // Never-observed alerts start from this value; others fire when the move from their baseline crosses.
      const from = entry.baseline ?? value;
      const crossed =
        entry.shape === 'crossUp'
          ? from <= entry.level && entry.level < value
          : value < entry.level && entry.level <= from;
      if (crossed) this.firing!.push(entry.id, value);
      else {
        // Judged up to `value`, which is now the book's: from here it is like the crossings in the arrays.
        entry.placement = 'settled';
        (book.settled ??= []).push(entry);
        this.untidy.add(book);
      }
    }
  }

  private placeSettled(book: MeasureBook): void {
    const settled = book.settled!;
    book.settled = null;
    for (const entry of settled) this.placeCrossing(book, entry);
  }

  private placeLevel(book: MeasureBook, entry: Entry): void {
    entry.placement = 'level';
    const stack = entry.shape === 'above' ? (book.above ??= new LevelStack()) : (book.below ??= new LevelStack());
    if (this.appending) {
      stack.append(entry.key, entry.id);
      this.appending.add(book);
    } else stack.insert(entry.key, entry.id);
    book.sync();
  }

  private placeCrossing(book: MeasureBook, entry: Entry): void {
    entry.placement = 'crossing';
    const levels =
      entry.shape === 'crossUp' ? (book.up ??= new CrossingLevels(true)) : (book.down ??= new CrossingLevels(false));
    if (this.appending) {
      levels.append(entry.level, entry.id);
      this.appending.add(book);
    } else levels.insert(entry.level, entry.id, book.prev);
    book.sync();
  }

  /** The book of a new entry (made when missing), counted for it (`count` 0: only made). */
  private bookFor(symbol: string, measure: AlertMeasure, count = 1): MeasureBook {
    let books = this.symbols.get(symbol);
    if (!books) this.symbols.set(symbol, (books = new SymbolBooks()));
    const book = (books[measure] ??= new MeasureBook());
    book.count += count;
    books.count += count;
    return book;
  }
}
