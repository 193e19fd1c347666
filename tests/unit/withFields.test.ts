import { describe, expect, it } from 'vitest';
import { withFields } from '../../src/shared/withFields';

describe('withFields', () => {
  it('is `{ ...base, ...fields }`: the same keys in the same order, the fields winning, the base untouched', () => {
    const base = { id: 'h1', symbol: 'AAPL', totalValue: '10.00', stale: false };
    const fields = { totalValue: '12.50', realisedGain: '1.00', lots: [] as string[] };
    const copy = withFields(base, fields);
    expect(copy).toEqual({ ...base, ...fields });
    expect(Object.keys(copy)).toEqual(Object.keys({ ...base, ...fields }));
    expect(JSON.stringify(copy)).toBe(JSON.stringify({ ...base, ...fields }));
    expect(base).toEqual({ id: 'h1', symbol: 'AAPL', totalValue: '10.00', stale: false });
    expect(copy).not.toBe(base);
    expect(copy.lots).toBe(fields.lots);
  });

  it('copies own enumerable properties only, as a spread does', () => {
    const base = Object.create({ inherited: true }, { own: { value: 1, enumerable: true }, hidden: { value: 2 } });
    expect(withFields(base as { own: number }, { extra: 3 })).toEqual({ own: 1, extra: 3 });
  });
});
