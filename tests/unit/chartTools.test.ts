import { describe, expect, it } from 'vitest';
import { DrawnLines, distanceToSegment } from '../../src/client/features/chart/drawnLines';
import { rangeChange } from '../../src/client/features/trading/rangeChange';
import { tradingTitle } from '../../src/client/features/trading/tradingTitle';
import type { HistoryPoint, Quote } from '../../src/shared/market/types';

const line = (n: number) => ({ start: { x: n, y: n }, end: { x: n + 1, y: n + 1 } });

describe('drawn lines', () => {
  it('select, delete, clear and undo each step back, a cleared chart included', () => {
    const lines = new DrawnLines();
    lines.add(line(1));
    lines.add(line(2));
    expect(lines.state()).toEqual({ count: 2, selected: -1, canUndo: true });
    expect(lines.deleteSelected()).toBe(false);
    lines.select(0);
    expect(lines.deleteSelected()).toBe(true);
    expect(lines.lines).toEqual([line(2)]);
    expect(lines.undo()).toBe(true);
    expect(lines.lines).toEqual([line(1), line(2)]);
    expect(lines.clear()).toBe(true);
    expect(lines.state()).toEqual({ count: 0, selected: -1, canUndo: true });
    expect(lines.undo()).toBe(true);
    expect(lines.lines).toEqual([line(1), line(2)]);
    lines.undo();
    lines.undo();
    expect(lines.lines).toEqual([]);
    expect(lines.undo()).toBe(false);
  });

  it('ignore a selection out of range and start over with no history', () => {
    const lines = new DrawnLines();
    lines.add(line(1));
    lines.select(5);
    expect(lines.selected).toBe(-1);
    lines.reset();
    expect(lines.state()).toEqual({ count: 0, selected: -1, canUndo: false });
  });

  it('measure the distance from a point to a segment, its ends included', () => {
    expect(distanceToSegment(5, 3, 0, 0, 10, 0)).toBe(3);
    expect(distanceToSegment(-4, 3, 0, 0, 10, 0)).toBe(5);
    expect(distanceToSegment(13, 4, 0, 0, 10, 0)).toBe(5);
    expect(distanceToSegment(1, 1, 2, 2, 2, 2)).toBeCloseTo(Math.SQRT2);
  });
});

describe('trading page figures', () => {
  const quote = (price: number, pct: number): Quote => ({
    symbol: 'AAPL',
    regularMarketPrice: price,
    currency: 'USD',
    regularMarketChange: 0,
    regularMarketChangePercent: pct,
    shortName: 'Apple',
    longName: 'Apple Inc.',
    regularMarketTime: 0,
  });

  it('title the page like a ticker', () => {
    expect(tradingTitle('AAPL', quote(254.75, 0.6612))).toBe('AAPL 254.75 ▲0.66%');
    expect(tradingTitle('SPY', quote(1234.5, -1.2))).toBe('SPY 1,234.50 ▼1.20%');
    expect(tradingTitle('X', quote(3, 0))).toBe('X 3.00 0.00%');
    expect(tradingTitle('AAPL', undefined)).toBe('AAPL');
  });

  it("measure the range's change from the first close to the last", () => {
    const p = (close: number): HistoryPoint => ({ time: 0, open: close, high: close, low: close, close, volume: 0 });
    expect(rangeChange([p(100), p(90), p(110)])).toEqual({ change: 10, percent: 10 });
    expect(rangeChange([p(100)])).toBeNull();
    expect(rangeChange(undefined)).toBeNull();
  });
});
