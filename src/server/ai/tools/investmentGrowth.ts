import { z } from 'zod';
import { isoDate, marketSource, roundPrice, round2, toolSymbol } from './common';
import { closesBetween, isoDay, MAX_YEARS } from './period';
import { defineTool, ToolFailure } from './types';

/**
 * investment_growth(symbol, amount, from, to?): what an amount put into a symbol at the close of one day would be
 * worth at the close of another (today's price when `to` is left out). Price return only: dividends are not
 * reinvested, and the answer says so.
 */

export interface InvestmentGrowthData {
  symbol: string;
  amount: number;
  /** The session the money went in (the first close on or after the day asked) and its close. */
  boughtOn: string;
  startPrice: number;
  shares: number;
  /** The session valued (the last close on or before `to`, or the latest price) and its price. */
  valuedOn: string;
  endPrice: number;
  value: number;
  gain: number;
  gainPercent: number;
  /** The yearly rate that compounds to the same growth, over periods of a year or more. */
  annualizedPercent: number | null;
  basis: string;
}

const DAY_MS = 86_400_000;

export const investmentGrowthTool = defineTool({
  name: 'investment_growth',
  description:
    'What an amount of dollars invested in a symbol at the close of a past day would be worth now (or at the close ' +
    'of `to`): shares bought, value, gain in $ and %, and the yearly rate. Price return, dividends not reinvested. ' +
    'Use it for "what would $10,000 in AAPL five years ago be worth now" ("10k" is 10000).',
  input: z.object({
    symbol: toolSymbol,
    amount: z.coerce
      .number()
      .positive('amount must be more than 0')
      .max(1e12, 'amount must be at most 1,000,000,000,000')
      .describe('Dollars invested'),
    from: isoDay.describe('The day invested (YYYY-MM-DD)'),
    to: isoDay.optional().describe('The day valued (YYYY-MM-DD); today when left out'),
  }),
  progress: ({ symbol, amount, from }) => `Growing $${amount.toLocaleString('en-US')} in ${symbol} from ${from}…`,
  async run({ symbol, amount, from, to }, { deps }) {
    const now = deps.now();
    const today = isoDate(now);
    const end = to && to < today ? to : today;
    if (from >= end) throw new ToolFailure(`The investment must start before it is valued (${from} to ${end}).`);
    if (Date.parse(`${from}T00:00:00Z`) < now - MAX_YEARS * 365.25 * DAY_MS)
      throw new ToolFailure(`I can look back at most ${MAX_YEARS} years.`);
    const closes = await closesBetween(deps.market, symbol, from, end, now);
    if (closes.length < 2) throw new ToolFailure(`There is no price history for ${symbol} between ${from} and ${end}.`);
    const first = closes[0];
    const last = closes[closes.length - 1];
    const shares = amount / first.close;
    const value = shares * last.close;
    const years = (last.time - first.time) / (365.25 * DAY_MS);
    const data: InvestmentGrowthData = {
      symbol,
      amount: round2(amount),
      boughtOn: isoDate(first.time),
      startPrice: roundPrice(first.close),
      shares: Math.round(shares * 10_000) / 10_000,
      valuedOn: isoDate(last.time),
      endPrice: roundPrice(last.close),
      value: round2(value),
      gain: round2(value - amount),
      gainPercent: round2((value / amount - 1) * 100),
      annualizedPercent: years >= 1 ? round2((Math.pow(value / amount, 1 / years) - 1) * 100) : null,
      basis: 'Price return at daily closes; dividends are not reinvested, and taxes and fees are left out.',
    };
    return {
      data,
      source: marketSource(deps.market),
      // Today's bar is the latest price; an earlier end is that day's close.
      asOf: data.valuedOn === today ? now : last.time,
      subject: `${symbol} from ${data.boughtOn}`,
    };
  },
});
