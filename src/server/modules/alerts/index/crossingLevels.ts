import { sortPairs } from './sortPairs';

const NONE = 0x7fffffff;

/**
 * The crossing alerts of one symbol and measure in one direction ("crosses above 200"), sorted by level. A move from
 * p0 to p1 fires exactly the alerts whose level lies between them: upward crossings with p0 <= level < p1, downward
 * ones with p1 < level <= p0.
 *
 * The array keeps a finger on the boundary of the last value it saw (the first level at or above it, for upward
 * crossings; the first above it, for downward ones), so a move starts there instead of searching: a move that fires
 * walks from the finger over what it fires; a move the other way slides the finger over the levels it passes,
 * galloping (1, 2, 4, ... then a binary search) so a long slide costs O(log distance). A tick thus costs O(log n +
 * fired) at worst and touches a few neighbouring entries in the usual small move. A finger not made for p0 (a value
 * set from elsewhere, the first tick) is found by binary search. The two levels around the finger are kept on the
 * object (`below`, `above`): a move that passes neither (most ticks) is decided by two comparisons, without reading
 * the arrays, which with a million alerts are rarely in the CPU's cache.
 *
 * Every alert in range fires and leaves (done, or snoozed). Leaving marks the entry dead instead of moving the rest
 * of the array on the tick's path; `compact()` squeezes the dead out between polls, off the tick, from the first dead
 * entry on. Dead entries are not left for later: they sit where the price has just been, and a price that goes back
 * and forth would walk over them again at every move (a tick's cost would grow with what fired before it).
 */
export class CrossingLevels {
  private levels = new Float64Array(8);
  private ids = new Int32Array(8);
  /** 1 while the entry is live. */
  private live = new Uint8Array(8);
  private n = 0;
  private dead = 0;
  /**
   * At or below the lowest index of a dead entry (NONE when there is none): compaction starts there. Inserts only move
   * entries up, so it stays at or below.
   */
  private firstDead = NONE;
  /** The boundary position of the current value; false after the array was rebuilt (compaction, a bulk load). */
  private finger = 0;
  private valid = false;
  /**
   * levels[finger - 1] and levels[finger] (-Infinity / Infinity past the ends): the finger is right for every value
   * between them (upward: below < v <= above; downward: below <= v < above). While it is not valid they read as
   * Infinity / -Infinity, so any move looks at the array and finds the finger again.
   */
  below = Infinity;
  above = -Infinity;

  constructor(private readonly upward: boolean) {}

  /** Live entries. */
  get size(): number {
    return this.n - this.dead;
  }

  /** Adds an entry; `current` is the value the finger is for (the book's previous value). */
  insert(level: number, id: number, current: number): void {
    if (this.n === this.levels.length) this.grow();
    const at = this.upperBound(level);
    this.levels.copyWithin(at + 1, at, this.n);
    this.ids.copyWithin(at + 1, at, this.n);
    this.live.copyWithin(at + 1, at, this.n);
    this.levels[at] = level;
    this.ids[at] = id;
    this.live[at] = 1;
    this.n++;
    if (!this.valid) return;
    // The new entry lands before the boundary exactly when it is on the near side of the current value.
    if (this.upward ? level < current : level <= current) this.finger++;
    this.guard();
  }

  /** Adds an entry at the end, out of order: call sort() once all are appended (building from the table). */
  append(level: number, id: number): void {
    if (this.n === this.levels.length) this.grow();
    this.levels[this.n] = level;
    this.ids[this.n] = id;
    this.live[this.n] = 1;
    this.n++;
    this.invalidate();
  }

  sort(): void {
    this.compact();
    sortPairs(this.levels, this.ids, this.n);
    this.invalidate();
  }

  /** Marks the entry of `id` at `level` dead; false when it is not here. */
  remove(level: number, id: number): boolean {
    for (let i = this.lowerBound(level); i < this.n && this.levels[i] === level; i++) {
      if (this.ids[i] !== id || this.live[i] === 0) continue;
      this.live[i] = 0;
      this.dead++;
      if (i < this.firstDead) this.firstDead = i;
      return true;
    }
    return false;
  }

  /**
   * The value moved from p0 to p1: fires (and removes) every live entry crossed in this array's direction. Returns
   * whether it looked at entries to fire them, so the caller knows there may be dead ones to squeeze out later. The
   * caller may skip the call when p1 stays within the guards (`below`, `above`): nothing would change.
   */
  move(p0: number, p1: number, fire: (id: number) => void): boolean {
    if (!(p0 !== p1) || Number.isNaN(p0) || Number.isNaN(p1) || this.n === 0) return false;
    if (!this.valid || !(this.upward ? this.below < p0 && p0 <= this.above : this.below <= p0 && p0 < this.above)) {
      this.finger = this.boundary(p0);
      this.valid = true;
      this.guard();
    }
    let f = this.finger;
    const levels = this.levels;
    let fired = false;
    if (this.upward) {
      if (p1 > p0) {
        // Fire p0 <= level < p1, from the finger (the first level >= p0) upwards.
        if (!(this.above < p1)) return false;
        while (f < this.n && levels[f] < p1) this.take(f++, fire);
        fired = true;
      } else {
        if (!(this.below >= p1)) return false;
        f = this.slideDown(f, p1);
      }
    } else if (p1 < p0) {
      // Fire p1 < level <= p0, from the finger (the first level > p0) downwards.
      if (!(this.below > p1)) return false;
      while (f > 0 && levels[f - 1] > p1) this.take(--f, fire);
      fired = true;
    } else {
      if (!(this.above <= p1)) return false;
      f = this.slideUp(f, p1);
    }
    this.finger = f;
    this.guard();
    return fired;
  }

  /** The levels either side of the finger. */
  private guard(): void {
    this.below = this.finger > 0 ? this.levels[this.finger - 1] : -Infinity;
    this.above = this.finger < this.n ? this.levels[this.finger] : Infinity;
  }

  /** Forgets the finger (the value it was for changed from elsewhere): the next move finds it again. */
  invalidate(): void {
    this.valid = false;
    this.below = Infinity;
    this.above = -Infinity;
  }

  /** True when there are dead entries to squeeze out. */
  get needsCompaction(): boolean {
    return this.dead > 0;
  }

  /** Squeezes the dead entries out, keeping the order: O(entries after the first dead one). */
  compact(): void {
    if (this.dead === 0) return;
    let to = this.firstDead;
    for (let from = this.firstDead; from < this.n; from++) {
      if (this.live[from] === 0) continue;
      this.levels[to] = this.levels[from];
      this.ids[to] = this.ids[from];
      this.live[to] = 1;
      to++;
    }
    this.n = to;
    this.dead = 0;
    this.firstDead = NONE;
    this.invalidate();
  }

  private take(i: number, fire: (id: number) => void): void {
    if (this.live[i] === 0) return;
    this.live[i] = 0;
    this.dead++;
    if (i < this.firstDead) this.firstDead = i;
    fire(this.ids[i]);
  }

  /** Where the finger for `value` sits: the first level >= value (upward) or > value (downward). */
  private boundary(value: number): number {
    return this.upward ? this.lowerBound(value) : this.upperBound(value);
  }

  /** The first index at or below f whose level is >= p1 (an upward array's finger after a fall to p1). */
  private slideDown(f: number, p1: number): number {
    const levels = this.levels;
    // Gallop down from the finger until a level below p1 (or the start), then search the last stretch.
    let hi = f;
    let probe = f - 1;
    let step = 1;
    while (probe >= 0 && levels[probe] >= p1) {
      hi = probe;
      probe = hi - 1 - step;
      step *= 2;
    }
    let lo = Math.max(probe + 1, 0);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (levels[mid] >= p1) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The first index at or above f whose level is > p1 (a downward array's finger after a rise to p1). */
  private slideUp(f: number, p1: number): number {
    const levels = this.levels;
    let lo = f;
    let probe = f;
    let step = 1;
    while (probe < this.n && levels[probe] <= p1) {
      lo = probe + 1;
      probe = lo + step;
      step *= 2;
    }
    let hi = Math.min(probe, this.n);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (levels[mid] <= p1) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private lowerBound(level: number): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.levels[mid] < level) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private upperBound(level: number): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.levels[mid] <= level) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(): void {
    const size = this.levels.length * 2;
    const levels = new Float64Array(size);
    const ids = new Int32Array(size);
    const live = new Uint8Array(size);
    levels.set(this.levels);
    ids.set(this.ids);
    live.set(this.live);
    this.levels = levels;
    this.ids = ids;
    this.live = live;
  }
}
