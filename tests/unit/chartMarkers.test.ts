import { describe, expect, it } from 'vitest';
import { declutter, mergeSignals } from '../../src/client/features/chart/markerLayout';
import { priceLineWidth } from '../../src/client/features/chart/priceLineWidth';

describe('mergeSignals', () => {
  it('merges buy and sell indices in time order', () => {
    expect(mergeSignals([3, 10, 40], [7, 20])).toEqual([
      { index: 3, buy: true },
      { index: 7, buy: false },
      { index: 10, buy: true },
      { index: 20, buy: false },
      { index: 40, buy: true },
    ]);
    expect(mergeSignals([], [])).toEqual([]);
    expect(mergeSignals([], [5])).toEqual([{ index: 5, buy: false }]);
  });
});

describe('declutter', () => {
  it('keeps markers that are far enough apart', () => {
    expect([...declutter([0, 20, 40, 60], 12)]).toEqual([1, 1, 1, 1]);
  });

  it('keeps only the newest marker of a cluster that would overlap', () => {
    // 100, 104 and 109 overlap at a 12 px marker size: only 109 (the newest) is drawn; 60 stands alone.
    expect([...declutter([60, 100, 104, 109], 12)]).toEqual([1, 0, 0, 1]);
  });

  it('measures gaps from the last drawn marker, so a long chain of close markers thins out evenly', () => {
    expect([...declutter([0, 5, 10, 15, 20, 25], 12)]).toEqual([0, 0, 1, 0, 0, 1]);
  });

  it('skips markers outside the visible range (NaN) without letting them block others', () => {
    expect([...declutter([NaN, 50, 52, NaN], 12)]).toEqual([0, 0, 1, 0]);
  });
});

describe('priceLineWidth', () => {
  it('thins the price line when several points share a pixel column', () => {
    expect(priceLineWidth(260, 1000)).toBe(2);
    expect(priceLineWidth(1440, 950)).toBe(1.5);
    expect(priceLineWidth(1440, 330)).toBe(1.25);
    expect(priceLineWidth(10, 0)).toBe(1.25);
  });
});
