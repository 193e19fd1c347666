import { describe, expect, it } from 'vitest';
import { parseTradingSearch, resolveTradingParams } from '../../src/client/features/trading/tradingParams';

describe('trading page parameters', () => {
  it('defaults to SPY on 1D', () => {
    expect(resolveTradingParams({})).toEqual({ symbol: 'SPY', timeframe: '1D' });
  });
  it('upper-cases the symbol and falls back to SPY when it is blank', () => {
    expect(resolveTradingParams({ symbol: ' aapl ' }).symbol).toBe('AAPL');
    expect(resolveTradingParams({ symbol: '   ' }).symbol).toBe('SPY');
  });
  it('accepts range, or timeframe when range is absent or invalid', () => {
    expect(resolveTradingParams({ range: '5Y' }).timeframe).toBe('5Y');
    expect(resolveTradingParams({ timeframe: 'YTD' }).timeframe).toBe('YTD');
    expect(resolveTradingParams({ range: '2W', timeframe: '1M' }).timeframe).toBe('1M');
  });
  it('ignores ranges outside the list, including other casings', () => {
    expect(resolveTradingParams({ range: '2W' }).timeframe).toBe('1D');
    expect(resolveTradingParams({ range: '1y' }).timeframe).toBe('1D');
  });
  it('keeps query values the router parsed as numbers as text', () => {
    expect(parseTradingSearch({ symbol: 7203, range: '1M', other: 'x' })).toEqual({ symbol: '7203', range: '1M' });
    expect(parseTradingSearch({ symbol: { a: 1 } })).toEqual({});
  });
});
