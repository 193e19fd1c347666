import { describe, expect, it } from 'vitest';
import { mwrShown } from '../../src/client/features/portfolio/ledger/mwrShown';

describe('the money-weighted return as the card shows it (issue 27 §4)', () => {
  it('shows a range of a year or more as the yearly rate, labelled per year', () => {
    expect(mwrShown('0.20200000', '2025-11-29', '2026-11-28')).toEqual({
      value: '0.20200000',
      perYear: true,
      label: 'Money-weighted return, per year',
    });
  });

  it('shows a shorter range as its own return: the yearly rate compounded over its days', () => {
    // 3M from 2026-08-29 to 2026-11-28 is 92 days; +23.01 % a year over 92 days: 1.2301^(92/365) − 1 = 5.3586 %.
    const shown = mwrShown('0.23010000', '2026-08-29', '2026-11-28');
    expect(shown.perYear).toBe(false);
    expect(shown.label).toBe('Money-weighted return, for the range');
    expect(Number(shown.value)).toBeCloseTo(Math.pow(1.2301, 92 / 365) - 1, 8);
    expect(shown.value).toBe('0.05358581');
  });

  it('keeps "not meaningful" as null', () => {
    expect(mwrShown(null, '2026-11-01', '2026-11-28').value).toBeNull();
  });
});
