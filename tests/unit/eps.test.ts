import { describe, expect, it } from 'vitest';
import { earningsEps, epsWords } from '../../src/shared/market/eps';

/** A report's EPS as every provider builds it, and the words the calendar and the stock page show. */

describe('earningsEps', () => {
  it('computes the surprise against the estimate’s size, so a smaller loss than expected is a beat', () => {
    expect(earningsEps(0.52, 0.55, 'USD')).toEqual({
      estimate: '0.52',
      actual: '0.55',
      surprise: 0.0577,
      currency: 'USD',
    });
    // Expected a loss of 0.20 a share, lost 0.10: half the loss, +50 %.
    expect(earningsEps(-0.2, -0.1, 'USD')?.surprise).toBe(0.5);
    expect(earningsEps(-0.2, -0.3, 'USD')?.surprise).toBe(-0.5);
  });

  it('leaves what is unknown null, and gives nothing when neither figure is known', () => {
    expect(earningsEps(0.71, null, 'EUR')).toEqual({ estimate: '0.71', actual: null, surprise: null, currency: 'EUR' });
    expect(earningsEps(null, 1.2, 'USD')).toEqual({ estimate: null, actual: '1.2', surprise: null, currency: 'USD' });
    expect(earningsEps(0, 0.02, 'USD')?.surprise).toBeNull();
    expect(earningsEps(null, undefined, 'USD')).toBeUndefined();
    expect(earningsEps(Number.NaN, Number.POSITIVE_INFINITY, 'USD')).toBeUndefined();
  });
});

describe('epsWords', () => {
  it('says the estimate before the report, and the actual, estimate and signed surprise after', () => {
    expect(epsWords(earningsEps(0.71, null, 'USD'))).toEqual({
      actual: null,
      estimate: '$0.71',
      figures: 'EPS estimate $0.71',
      surprise: null,
      tone: null,
    });
    expect(epsWords(earningsEps(0.52, 0.55, 'USD'))).toMatchObject({
      figures: 'EPS $0.55, estimate $0.52',
      surprise: '+5.8%',
      tone: 'beat',
    });
    expect(epsWords(earningsEps(0.77, 0.73, 'USD'))).toMatchObject({ surprise: '-5.2%', tone: 'miss' });
    expect(epsWords(earningsEps(1, 1, 'USD'))).toMatchObject({ surprise: '0.0%', tone: 'in line' });
    // A surprise that rounds to nothing is in line, never "-0.0%".
    expect(epsWords(earningsEps(100, 99.99, 'USD'))).toMatchObject({ surprise: '0.0%', tone: 'in line' });
  });

  it('keeps a figure’s own precision and the currency the company reports in', () => {
    expect(epsWords(earningsEps(0.055, 0.0612, 'USD'))?.figures).toBe('EPS $0.0612, estimate $0.055');
    expect(epsWords(earningsEps(0.3, 0.27, 'USD'))?.figures).toBe('EPS $0.27, estimate $0.30');
    expect(epsWords(earningsEps(null, 1.2, 'EUR'))).toMatchObject({ figures: 'EPS €1.20', surprise: null });
    expect(epsWords(null)).toBeNull();
  });
});
