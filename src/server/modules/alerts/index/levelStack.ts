import { sortPairs } from './sortPairs';

/**
 * The alerts of one symbol and measure whose condition is a level that holds or not at each tick ("price above
 * 200"), kept so that a tick finds the ones that now hold without looking at any other: sorted by a key such that
 * every alert that holds sits at the end. A tick then pops from the end while the last key passes the threshold:
 * one comparison when nothing fires, one more per alert that fires. Every alert that holds fires and leaves (done,
 * or snoozed until it may fire again), so nothing that holds stays behind to be looked at again.
 *
 * "above L" (value > L) is stored with key -L and threshold -value; "below L" (value < L) with key L and threshold
 * value: in both, the alert holds when key > threshold.
 *
 * Inserts and removals (an alert created, edited, woken or deleted) find their place by binary search and move the
 * entries after it: O(n) copying of two typed arrays, never on the tick's path.
 */
export class LevelStack {
  private keys = new Float64Array(8);
  private ids = new Int32Array(8);
  private n = 0;
  /**
   * The last key (-Infinity when empty), kept on the object: a tick that fires nothing compares with it and never
   * reads the array (with a million alerts, the arrays are rarely in the CPU's cache; this object usually is).
   */
  top = -Infinity;

  get size(): number {
    return this.n;
  }

  insert(key: number, id: number): void {
    if (this.n === this.keys.length) this.grow();
    const at = this.upperBound(key);
    this.keys.copyWithin(at + 1, at, this.n);
    this.ids.copyWithin(at + 1, at, this.n);
    this.keys[at] = key;
    this.ids[at] = id;
    this.n++;
    this.top = this.keys[this.n - 1];
  }

  /** Adds an entry at the end, out of order: call sort() once all are appended (building from the table). */
  append(key: number, id: number): void {
    if (this.n === this.keys.length) this.grow();
    this.keys[this.n] = key;
    this.ids[this.n] = id;
    this.n++;
  }

  sort(): void {
    sortPairs(this.keys, this.ids, this.n);
    this.top = this.n > 0 ? this.keys[this.n - 1] : -Infinity;
  }

  /** Removes the entry of `id` at `key`; false when it is not here. */
  remove(key: number, id: number): boolean {
    for (let i = this.lowerBound(key); i < this.n && this.keys[i] === key; i++) {
      if (this.ids[i] !== id) continue;
      this.keys.copyWithin(i, i + 1, this.n);
      this.ids.copyWithin(i, i + 1, this.n);
      this.n--;
      this.top = this.n > 0 ? this.keys[this.n - 1] : -Infinity;
      return true;
    }
    return false;
  }

  /** Pops every entry whose key is above `threshold`, handing each id to `fire`, from the end inwards. */
  popAbove(threshold: number, fire: (id: number) => void): void {
    // NaN compares false: a value that is not known fires nothing.
    if (!(this.top > threshold)) return;
    while (this.n > 0 && this.keys[this.n - 1] > threshold) {
      this.n--;
      fire(this.ids[this.n]);
    }
    this.top = this.n > 0 ? this.keys[this.n - 1] : -Infinity;
  }

  /** First index whose key is >= key. */
  private lowerBound(key: number): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose key is > key. */
  private upperBound(key: number): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid] <= key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    const ids = new Int32Array(this.ids.length * 2);
    keys.set(this.keys);
    ids.set(this.ids);
    this.keys = keys;
    this.ids = ids;
  }
}
