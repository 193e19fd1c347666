import { afterEach, describe, expect, it, vi } from 'vitest';
import { atEndOfTurn } from '../../src/server/http/endOfTurn';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('atEndOfTurn', () => {
  it('runs the tasks of a turn after its synchronous code, in order, from one setImmediate', async () => {
    const scheduled = vi.spyOn(globalThis, 'setImmediate');
    const order: string[] = [];
    atEndOfTurn(() => order.push('first'));
    atEndOfTurn(() => order.push('second'));
    atEndOfTurn(() => order.push('third'));
    order.push('synchronous code');
    expect(scheduled).toHaveBeenCalledTimes(1);
    await nextTurn();
    expect(order).toEqual(['synchronous code', 'first', 'second', 'third']);
  });

  it('leaves a task queued by a running task to the next batch', async () => {
    const order: string[] = [];
    atEndOfTurn(() => {
      order.push('batch 1');
      atEndOfTurn(() => order.push('batch 2'));
    });
    await nextTurn();
    expect(order).toEqual(['batch 1']);
    await nextTurn();
    expect(order).toEqual(['batch 1', 'batch 2']);
  });
});
