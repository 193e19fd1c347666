import { withFields } from '../src/shared/withFields';
import type { Bench } from './types';

/**
 * Decision 030: a copy of an object with properties added, as a portfolio read makes one per holding, written as an
 * object literal after a spread (`{ ...holding, realisedGain }`) and with withFields (Object.assign). Each is run on
 * fresh objects of a holding's 18 properties in the same process, in turns, so the ratio shares the machine's moments.
 */
const ROUNDS = 5;
const OBJECTS = 2_000;
const REPEATS = 50;

const holdingLike = (i: number) => ({
  id: `h${i}`,
  symbol: 'AAPL',
  name: 'Apple Inc.',
  quantity: '3',
  averagePrice: '100',
  costBasis: '300.00',
  currentPrice: '230.17',
  totalValue: '690.51',
  gainLoss: '390.51',
  gainLossPercent: '130.17',
  dayChange: '1.23',
  dayChangePercent: '0.18',
  weight: '10.00',
  priceAsOf: '2026-11-28T15:00:00.000Z',
  stale: false,
  priceError: null,
  currency: 'USD',
  listingPrice: '230.17',
});

type Holding = ReturnType<typeof holdingLike>;
const spreadCopy = (h: Holding) => ({ ...h, realisedGain: '0.00', addedWithoutDate: null });
const assignedCopy = (h: Holding) => withFields(h, { realisedGain: '0.00', addedWithoutDate: null });

/** Nanoseconds per copy. */
function timeCopies(copy: (h: Holding) => { realisedGain: string }): number {
  const objects = Array.from({ length: OBJECTS }, (_, i) => holdingLike(i));
  let sink = 0;
  const start = process.hrtime.bigint();
  for (let r = 0; r < REPEATS; r++) for (const h of objects) sink += copy(h).realisedGain.length;
  const elapsed = Number(process.hrtime.bigint() - start);
  if (sink === 0) throw new Error('nothing copied');
  return elapsed / (OBJECTS * REPEATS);
}

const bench: Bench = {
  name: 'object-copy',
  run() {
    timeCopies(spreadCopy);
    timeCopies(assignedCopy);
    let spread = 0;
    let assigned = 0;
    for (let round = 0; round < ROUNDS; round++) {
      spread += timeCopies(spreadCopy) / ROUNDS;
      assigned += timeCopies(assignedCopy) / ROUNDS;
    }
    return Promise.resolve([
      { label: 'a holding copied with a spread and two properties', value: Math.round(spread), unit: 'ns' },
      { label: 'the same with withFields (Object.assign)', value: Math.round(assigned), unit: 'ns' },
      { label: 'spread / withFields', value: Math.round((spread / assigned) * 10) / 10, unit: '×', target: { min: 1 } },
    ]);
  },
};

export default bench;
