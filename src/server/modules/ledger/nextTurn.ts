/**
 * Resolves on the next turn of the event loop (after the I/O waiting now): what a long piece of work on the loop
 * awaits between slices, so other requests are answered in between.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The clock of a long walk over rows on the loop: every `rowsPerCheck` rows it looks at the time, and once the walk has
 * held the loop for `sliceMs` it says so (`due`), for the walk to `await pause()` before going on. A row costs no
 * await unless a pause is due.
 */
export class LoopSlices {
  private sliceStart = performance.now();

  constructor(
    private readonly rowsPerCheck: number,
    private readonly sliceMs = 4,
  ) {}

  due(row: number): boolean {
    return row % this.rowsPerCheck === 0 && performance.now() - this.sliceStart > this.sliceMs;
  }

  async pause(): Promise<void> {
    await nextTurn();
    this.sliceStart = performance.now();
  }
}
