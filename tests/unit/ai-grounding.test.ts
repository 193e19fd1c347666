import { describe, expect, it } from 'vitest';
import { groundAnswer, type Evidence } from '../../src/server/ai/grounding';
import { findDates } from '../../src/server/ai/grounding/dates';
import { findNumbers } from '../../src/server/ai/grounding/numbers';
import type { ToolResult } from '../../src/server/ai/tools/types';

/** The grounding check on crafted answers: what it verifies, derives, and flags. */

const NOW = Date.UTC(2025, 0, 15, 14, 5, 30);
const QUOTE_TIME = Date.UTC(2025, 0, 15, 14, 5);
const source = { provider: 'simulated', simulated: true, label: 'Simulated market (built-in)' };

function result(data: unknown, subject = 'x'): ToolResult {
  return { data, source, asOf: QUOTE_TIME, subject };
}

const evidence: Evidence[] = [
  {
    tool: 'get_quote',
    result: result({
      quotes: [
        {
          symbol: 'AAPL',
          name: 'Apple Inc.',
          price: 231.4,
          previousClose: 228.1,
          change: 3.3,
          changePercent: 1.45,
          asOf: '2025-01-15T14:05:00.000Z',
        },
        {
          symbol: 'MSFT',
          name: 'Microsoft Corporation',
          price: 415.25,
          previousClose: 420.0,
          change: -4.75,
          changePercent: -1.13,
          asOf: '2025-01-15T14:05:00.000Z',
        },
      ],
      notFound: [],
    }),
  },
  {
    tool: 'get_analysis',
    result: result({
      symbol: 'SPY',
      name: 'SPDR S&P 500 ETF Trust',
      price: 590.12,
      marketCap: 3.5e12,
      rating: 'Buy',
      score: 3.5,
      factors: [
        {
          label: 'RSI 14',
          value: 'RSI 61',
          score: 0.5,
          explanation: 'The price is 4.2% above its 200-day moving average.',
        },
      ],
      indicators: { ma20: 580.5, lastCrossover: { type: 'buy', date: '2025-01-02', barsAgo: 9 } },
    }),
  },
];

const ground = (text: string) => groundAnswer(text, evidence, NOW);
const figure = (text: string, found: string) => ground(text).figures.find((f) => f.text === found);

describe('grounding check', () => {
  it('verifies figures copied from the tools, with their source, label and as-of time', () => {
    const { figures, verification } = ground(
      '**AAPL** trades at **$231.40**, up 1.45% today (as of 14:05 UTC on Jan 15, 2025).',
    );
    expect(verification).toEqual({ verified: 5, total: 5 });
    expect(figures.map((f) => [f.text, f.kind])).toEqual([
      ['AAPL', 'ticker'],
      ['$231.40', 'number'],
      ['1.45%', 'number'],
      ['14:05 UTC', 'date'],
      ['Jan 15, 2025', 'date'],
    ]);
    expect(figures.find((f) => f.text === '$231.40')!.source).toEqual({
      tool: 'get_quote',
      label: 'AAPL price',
      value: 231.4,
      asOf: '2025-01-15T14:05:00.000Z',
      provider: 'Simulated market (built-in)',
    });
  });

  it('allows the rounding the answer shows, and a sign written as a word', () => {
    expect(figure('Apple is near $231.', '$231')!.verified).toBe(true);
    expect(figure('It trades at $231.4.', '$231.4')!.verified).toBe(true);
    expect(figure('MSFT is down 1.1% today.', '1.1%')!.verified).toBe(true);
    expect(figure('MSFT fell $4.75.', '$4.75')!.verified).toBe(true);
    expect(figure('MSFT moved -1.13%.', '-1.13%')!.verified).toBe(true);
    // Half a cent off is the limit of rounding to cents.
    expect(figure('It trades at $231.42.', '$231.42')!.verified).toBe(false);
  });

  it('accepts percent and absolute forms and magnitudes', () => {
    expect(figure('SPY is worth about $3.5T in total.', '$3.5T')!.verified).toBe(true);
    expect(figure('A market cap of 3.5 trillion dollars.', '3.5 trillion')!.verified).toBe(true);
    expect(figure('A market cap of $3,500,000,000,000.', '$3,500,000,000,000')!.verified).toBe(true);
    expect(figure('It is 4.2 percent above the average.', '4.2 percent')!.verified).toBe(true);
    // Numbers written inside tool text count: 'RSI 61', '200-day'.
    expect(figure('Its RSI reads 61.', '61')!.verified).toBe(true);
    expect(figure('Above the 200-day average.', '200')!.verified).toBe(true);
  });

  it('verifies simple derived values: a difference of two prices, a percent change, a gap in points', () => {
    const diff = figure('MSFT costs $183.85 more than AAPL.', '$183.85')!;
    expect(diff.verified).toBe(true);
    expect(diff.source!.derivedFrom).toBe('MSFT price − AAPL price');
    expect(figure('Apple is $3.30 above its previous close of $228.10.', '$3.30')!.verified).toBe(true);
    // (231.40 / 228.10 - 1) = 1.4467 %, written with the rounding of one decimal.
    const change = figure('That is a 1.4% gain on the previous close.', '1.4%')!;
    expect(change.verified).toBe(true);
    // 1.45 % - (-1.13 %) = 2.58 points between the two moves.
    expect(figure('Apple beat Microsoft by 2.58 percentage points today.', '2.58')!.verified).toBe(true);
  });

  it('flags an invented price, an invented percent and an invented ticker', () => {
    const { figures, verification } = ground('AAPL is at $254.10, up 7.5% this week. NVDA is cheaper.');
    expect(figures.find((f) => f.text === '$254.10')).toMatchObject({ verified: false, kind: 'number', value: 254.1 });
    expect(figures.find((f) => f.text === '7.5%')).toMatchObject({ verified: false });
    expect(figures.find((f) => f.text === 'NVDA')).toMatchObject({ verified: false, kind: 'ticker' });
    expect(figures.find((f) => f.text === 'AAPL')).toMatchObject({ verified: true });
    expect(verification).toEqual({ verified: 1, total: 4 });
  });

  it('never lets a percent match a price or a price match a percent', () => {
    // 3.5 is SPY's score, not a percent; 1.45 is a percent, not dollars.
    expect(figure('It rose 3.5% today.', '3.5%')!.verified).toBe(false);
    expect(figure('It rose $1.45 today.', '$1.45')!.verified).toBe(false);
  });

  it('checks dates and times against the as-of times and the current time', () => {
    expect(figure('As of 2025-01-15 the price held.', '2025-01-15')!.verified).toBe(true);
    expect(figure('The last crossover was on January 2, 2025.', 'January 2, 2025')!.verified).toBe(true);
    expect(figure('Data from 2:05 PM UTC.', '2:05 PM UTC')!.verified).toBe(true);
    expect(figure('As of March 3, 2024 it was higher.', 'March 3, 2024')!.verified).toBe(false);
    expect(figure('Quoted at 09:30 UTC.', '09:30 UTC')!.verified).toBe(false);
    expect(figure('So far in 2025 it rose.', '2025')).toMatchObject({ verified: true, kind: 'date' });
  });

  it('leaves names, labels and list markers alone', () => {
    const { figures } = ground(
      '1. The SPDR S&P 500 ETF Trust holds big names.\n2. Its MA20 and MA50 are shown, and the 5Y chart.\n3) Q3 matters.',
    );
    expect(figures).toEqual([]);
  });

  it('widens the tolerance for numbers marked as approximate', () => {
    expect(figure('Apple trades around $230.', '$230')!.verified).toBe(true);
    expect(figure('Apple trades at $230.', '$230')!.verified).toBe(false);
  });

  it('gives an empty answer nothing to check and marks every figure when there were no tools', () => {
    expect(groundAnswer('', [], NOW)).toEqual({ figures: [], verification: { verified: 0, total: 0 } });
    const none = groundAnswer('Apple (AAPL) is at $231.40.', [], NOW);
    expect(none.verification).toEqual({ verified: 0, total: 2 });
  });
});

describe('number and date readers', () => {
  it('read signs, currency, separators and magnitudes', () => {
    expect(
      findNumbers('-$1,234.50 and +2.5% and 3.2 billion and 12x and $1.2K').map((n) => [n.text, n.value, n.unit]),
    ).toEqual([
      ['-$1,234.50', -1234.5, 'usd'],
      ['+2.5%', 2.5, 'percent'],
      ['3.2 billion', 3.2e9, 'plain'],
      ['12x', 12, 'plain'],
      ['$1.2K', 1200, 'usd'],
    ]);
    expect(findNumbers('MA20 v2.1 5Y 1M 3rd 10.5.2 ^IXIC').map((n) => n.text)).toEqual([]);
  });

  it('read ISO dates, month names and clock times', () => {
    expect(
      findDates('2025-01-15T14:05:00Z, Jan 2, 15 March 2024 and 9:30 am UTC').map((d) => [d.text, d.day, d.time]),
    ).toEqual([
      ['2025-01-15T14:05:00Z', '2025-01-15', '14:05'],
      ['Jan 2', '*-01-02', null],
      ['15 March 2024', '2024-03-15', null],
      ['9:30 am UTC', null, '09:30'],
    ]);
  });
});
