/**
 * Alerts waiting until they may fire again (once a day: the next UTC day; throttle: the end of the interval), by
 * wake-up time: a binary min-heap of (time, id). Entries are never removed from the middle: an alert deleted or
 * changed while it waits leaves its entry behind, and the caller skips entries that no longer match the alert.
 */
export class SnoozeHeap {
  private times: number[] = [];
  private ids: number[] = [];

  get size(): number {
    return this.times.length;
  }

  push(time: number, id: number): void {
    const times = this.times;
    const ids = this.ids;
    let i = times.length;
    times.push(time);
    ids.push(id);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (times[parent] <= time) break;
      times[i] = times[parent];
      ids[i] = ids[parent];
      i = parent;
    }
    times[i] = time;
    ids[i] = id;
  }

  /** Removes every entry due at `now` or before, handing (id, time) to `take` in time order. */
  popDue(now: number, take: (id: number, time: number) => void): void {
    while (this.times.length > 0 && this.times[0] <= now) {
      const time = this.times[0];
      const id = this.ids[0];
      this.removeTop();
      take(id, time);
    }
  }

  clear(): void {
    this.times = [];
    this.ids = [];
  }

  private removeTop(): void {
    const times = this.times;
    const ids = this.ids;
    const lastTime = times.pop()!;
    const lastId = ids.pop()!;
    const n = times.length;
    if (n === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && times[right] < times[left] ? right : left;
      if (times[child] >= lastTime) break;
      times[i] = times[child];
      ids[i] = ids[child];
      i = child;
    }
    times[i] = lastTime;
    ids[i] = lastId;
  }
}
