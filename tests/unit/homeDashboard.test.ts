import { describe, expect, it } from 'vitest';
import { topMovers } from '../../src/client/features/home/movers';
import { combineTotals, totalsByCurrency } from '../../src/client/features/home/portfolioTotals';
import { countLabel } from '../../src/client/lib/countLabel';
import type { Quote } from '../../src/shared/market/types';
import type { PortfolioSummary } from '../../src/shared/portfolio/types';

const portfolio = (totalValue: string, dayChange: string) => ({ totalValue, dayChange }) as PortfolioSummary;
const quote = (symbol: string, regularMarketChangePercent: number) => ({ symbol, regularMarketChangePercent }) as Quote;

describe('combineTotals', () => {
  it('adds the portfolios in cents and sets today’s move against yesterday’s value', () => {
    expect(
      combineTotals([portfolio('0.10', '0.01'), portfolio('0.20', '0.02'), portfolio('1000.00', '-50.03')]),
    ).toEqual({
      totalValue: '1000.30',
      dayChange: '-50.00',
      // -50.00 of 1,050.30 at yesterday's close.
      dayChangePercent: '-4.76',
    });
  });

  it('has no percent when nothing was held yesterday', () => {
    expect(combineTotals([])).toEqual({ totalValue: '0.00', dayChange: '0.00', dayChangePercent: null });
  });
});

describe('totalsByCurrency', () => {
  it('never adds portfolios kept in different base currencies (issue 27 §3)', () => {
    const inBase = (totalValue: string, dayChange: string, baseCurrency: string) =>
      ({ totalValue, dayChange, baseCurrency }) as PortfolioSummary;
    expect(
      totalsByCurrency([
        inBase('350.00', '5.00', 'USD'),
        inBase('1000.00', '10.00', 'EUR'),
        inBase('200.00', '0', 'EUR'),
      ]),
    ).toEqual([
      { currency: 'EUR', totalValue: '1200.00', dayChange: '10.00', dayChangePercent: '0.84' },
      { currency: 'USD', totalValue: '350.00', dayChange: '5.00', dayChangePercent: '1.45' },
    ]);
  });
});

describe('topMovers', () => {
  it('picks the biggest moves either way and skips symbols without a quote', () => {
    const quotes = { A: quote('A', 0.5), B: quote('B', -3), C: quote('C', 2), D: quote('D', -0.1) };
    expect(topMovers(['A', 'B', 'C', 'D', 'E'], quotes, 3).map((q) => q.symbol)).toEqual(['B', 'C', 'A']);
  });
});

describe('countLabel', () => {
  it('shows a count only once it is known', () => {
    expect(countLabel('Requests', undefined)).toBe('Requests');
    expect(countLabel('Requests', 0)).toBe('Requests (0)');
  });
});
