import { describe, expect, it } from 'vitest';
import { turnBatch } from '../../src/server/realtime/turnBatch';

/** Requests made in one turn of the event loop are answered together (realtime/turnBatch.ts). */
describe('turnBatch', () => {
  it('answers the requests of one turn in groups of at most perGroup, each with its own answer', async () => {
    const groups: number[][] = [];
    const double = turnBatch((group: readonly number[]) => {
      groups.push([...group]);
      return Promise.resolve(group.map((n) => n * 2));
    }, 3);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(double));
    expect(answers).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(groups).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('gathers requests made by separate callbacks of one turn, and starts afresh in the next', async () => {
    const groups: string[][] = [];
    const echo = turnBatch((group: readonly string[]) => {
      groups.push([...group]);
      return Promise.resolve(group);
    }, 10);
    // Two immediates queued together run in one check phase, each a callback of its own; the immediate that ends the
    // turn, queued from the first, runs in the next (timers 1 ms apart could straddle a millisecond and fire apart).
    const [a, b] = await Promise.all([
      new Promise<string>((resolve) => setImmediate(() => resolve(echo('a')))),
      new Promise<string>((resolve) => setImmediate(() => resolve(echo('b')))),
    ]);
    expect([a, b]).toEqual(['a', 'b']);
    expect(await echo('c')).toBe('c');
    expect(groups).toEqual([['a', 'b'], ['c']]);
  });

  it('rejects only the failing group, whether its run rejects or throws', async () => {
    const read = turnBatch((group: readonly number[]) => {
      if (group.includes(13)) throw new Error('unlucky');
      if (group.includes(7)) return Promise.reject(new Error('refused'));
      return Promise.resolve(group.map(String));
    }, 2);
    const results = await Promise.allSettled([1, 13, 2, 3, 7, 4].map(read));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'unlucky',
      'unlucky',
      '2',
      '3',
      'refused',
      'refused',
    ]);
  });
});
