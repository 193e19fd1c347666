import type { ActivityType, CostMethod } from '../../../../shared/portfolio/ledger/types';

/** Labels, badge colours and the one-line "what this means" of every ledger figure, in one place. */

export const ACTIVITY_LABELS: Record<ActivityType, string> = {
  buy: 'Buy',
  sell: 'Sell',
  dividend: 'Dividend',
  fee: 'Fee',
  split: 'Split',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  transfer_in: 'Transfer in',
};

export const ACTIVITY_COLORS: Record<ActivityType, string> = {
  buy: 'teal',
  sell: 'red',
  dividend: 'grape',
  fee: 'orange',
  split: 'gray',
  deposit: 'blue',
  withdrawal: 'yellow',
  transfer_in: 'cyan',
};

export const COST_METHOD_LABELS: Record<CostMethod, string> = { fifo: 'FIFO', average: 'Average cost' };

export const COST_METHOD_EXPLAINED: Record<CostMethod, string> = {
  fifo: 'A sell uses up the oldest shares first; its gain is the price over what those shares cost.',
  average: 'A sell is costed at the average price of all the shares held; every share costs the same.',
};

/** The tooltips. One line each: what the figure measures, not how it is computed. */
export const MEANING = {
  twr: 'Time-weighted return measures the investments alone: deposits and withdrawals do not move it.',
  twrAnnualised: 'The time-weighted return as a yearly rate, shown when the range covers a year or more.',
  mwrPerYear:
    'Money-weighted return (XIRR) as a yearly rate: it measures your timing too, money added before a rise counts for more.',
  mwrForRange:
    'Money-weighted return over this range (its yearly XIRR compounded over the range’s days): it measures your timing too.',
  notMeaningful: 'Not meaningful for this range: there is no return to measure (nothing invested, or no rate fits).',
  startValue: 'What the holdings and cash were worth at the close of the day before the range starts.',
  endValue: 'What the holdings and cash are worth at the end of the range.',
  netFlows: 'Money you put in (deposits, buys paid from outside) minus money you took out.',
  realisedGain: 'Gain or loss locked in by sells: proceeds after fees minus what the shares sold cost.',
  unrealisedGain: 'Gain or loss on shares still held, at the latest price, not yet locked in by a sell.',
  cashCurrencyGain:
    'Gain or loss on the cash held in other currencies: what it is worth at today’s rate minus what it cost in this currency.',
  unrealisedGainChange:
    'How much the paper gain on shares still held (and on cash in other currencies) grew or shrank over the range.',
  dividends: 'Cash dividends received in the range.',
  fees: 'Standalone fees charged in the range (fees on buys and sells are already in their cost and proceeds).',
  cash: 'Cash held in the portfolio: sell proceeds and dividends not yet withdrawn.',
  benchmark: 'The benchmark’s own return over the same range.',
  benchmarkValue: 'What your start value and the same deposits and withdrawals would be worth in the benchmark.',
  heatmap: 'Time-weighted return of each calendar month.',
  lots: 'FIFO lots still open: shares bought on a day, and what each cost with its buy fee.',
} as const;

/**
 * Why a return shows "—" instead of a number, in an investor's words: the engine answers null rather than a
 * misleading 0 % or −100 % (docs/architecture.md, "Not meaningful"). One reason per figure, since each has its own.
 */
export const NOT_MEANINGFUL_WHY = {
  twr: 'Not meaningful for this range: nothing was invested in it, so there is no return to measure.',
  mwr:
    'Not meaningful for this range: no money stayed invested for any length of time (it went in and came out on ' +
    'the same day), or no single yearly rate fits your deposits, withdrawals and value.',
} as const;
