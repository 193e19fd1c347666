/** Work done between two yields: short enough that a request arriving meanwhile waits at most about this long. */
const SLICE_MS = 4;

/**
 * One slice for all collections at once: when fifty histories are produced together, each taking its own slice per
 * turn would hold the loop for fifty slices before the next request is read. The slice starts when the shared
 * setImmediate fires, and every collection checks the same clock.
 */
let sliceStart = performance.now();
let nextTurn: Promise<void> | null = null;

function nextSlice(): Promise<void> {
  nextTurn ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      nextTurn = null;
      sliceStart = performance.now();
      resolve();
    }),
  );
  return nextTurn;
}

/**
 * The items of a lazy sequence, produced in slices of a few milliseconds with the event loop free between them.
 * A cold simulated history walks every minute of every day it covers (five years: 2.6 million steps per symbol),
 * which in one go held the server for seconds; in slices other requests are answered meanwhile.
 */
export async function collectYielding<T>(items: Iterable<T>): Promise<T[]> {
  const out: T[] = [];
  for (const item of items) {
    out.push(item);
    while (performance.now() - sliceStart >= SLICE_MS) await nextSlice();
  }
  return out;
}
