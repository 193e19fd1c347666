import type { DividendFrequency, EarningsEvent } from '../../../shared/market/types';

/**
 * A listing's habits, as the data files write them in a few characters: when it usually goes ex-dividend and pays,
 * and when it reports. The simulated market turns them into dated events (simulated/dividends.ts, earnings.ts).
 */

export interface DividendHabit {
  /** Dividend yield at the reference price, as a fraction (0.029 = 2.9 %). */
  yield: number;
  frequency: DividendFrequency;
  /** The months (1-12) it goes ex-dividend in. */
  months: readonly number[];
  /** The usual day of the month of the ex-date; past the month's end means its last business day. */
  day: number;
  /** Days from the ex-date to the payment. */
  payLagDays: number;
}

export interface EarningsHabit {
  /** The months (1-12) it reports in: four for US companies, two for some European ones. */
  months: readonly number[];
  /** The usual day of the month. */
  day: number;
  time: NonNullable<EarningsEvent['time']>;
}

const FREQUENCIES: Readonly<Record<string, { frequency: DividendFrequency; perYear: number }>> = {
  M: { frequency: 'monthly', perYear: 12 },
  Q: { frequency: 'quarterly', perYear: 4 },
  S: { frequency: 'semiannual', perYear: 2 },
  A: { frequency: 'annual', perYear: 1 },
};

export function paymentsPerYear(frequency: DividendFrequency): number {
  return Object.values(FREQUENCIES).find((f) => f.frequency === frequency)!.perYear;
}

/**
 * The months of a cycle: an explicit list ("3,9") as it is, or the first month of an even cycle ("2" quarterly is
 * February, May, August and November).
 */
function cycleMonths(list: string, perYear: number, what: string): number[] {
  const given = list.split(',').map(Number);
  if (given.some((m) => !Number.isInteger(m) || m < 1 || m > 12)) throw new Error(`${what}: bad months "${list}"`);
  if (given.length > 1) {
    if (given.length !== perYear) throw new Error(`${what}: ${given.length} months for ${perYear} a year`);
    return given.sort((a, b) => a - b);
  }
  const step = 12 / perYear;
  if (given[0] > step) throw new Error(`${what}: a cycle of ${perYear} a year starts in month 1-${step}`);
  return Array.from({ length: perYear }, (_, i) => given[0] + i * step);
}

const DIVIDEND_HABIT = /^([MQSA]) (\d{1,2}(?:,\d{1,2})*)\/(\d{1,2}) \+(\d{1,3})$/;

/**
 * "Q 2/10 +3": quarterly, ex-dividend around the 10th of February, May, August and November, paid 3 days later.
 * "S 3,9/30 +58": semiannual, ex at the end of March and September. "M 1/31 +1": monthly, ex on the month's last
 * business day, paid the next. Throws on anything else (the data files are checked when they load).
 */
export function parseDividendHabit(text: string, yieldFraction: number, what: string): DividendHabit {
  const match = DIVIDEND_HABIT.exec(text);
  if (!match) throw new Error(`${what}: dividend habit "${text}" is not like "Q 2/10 +3"`);
  const { frequency, perYear } = FREQUENCIES[match[1]];
  const day = Number(match[3]);
  if (day < 1 || day > 31) throw new Error(`${what}: bad day in "${text}"`);
  return {
    yield: yieldFraction,
    frequency,
    months: frequency === 'monthly' ? cycleMonths('1', 12, what) : cycleMonths(match[2], perYear, what),
    day,
    payLagDays: Number(match[4]),
  };
}

const EARNINGS_HABIT = /^(\d{1,2}(?:,\d{1,2})*)\/(\d{1,2}) (BMO|AMC)$/;

/**
 * "1/30 AMC": reports around January 30, April 30, July 30 and October 30, after the close. "2,7/20 BMO": twice a
 * year, before the open.
 */
export function parseEarningsHabit(text: string, what: string): EarningsHabit {
  const match = EARNINGS_HABIT.exec(text);
  if (!match) throw new Error(`${what}: earnings habit "${text}" is not like "1/30 AMC"`);
  const list = match[1];
  const months = list.includes(',') ? cycleMonths(list, list.split(',').length, what) : cycleMonths(list, 4, what);
  const day = Number(match[2]);
  if (day < 1 || day > 31) throw new Error(`${what}: bad day in "${text}"`);
  return { months, day, time: match[3] === 'BMO' ? 'before-open' : 'after-close' };
}

/**
 * The usual habit of a payer whose row gives only its yield: quarterly, on a cycle, day and delay drawn from the
 * symbol's hash, so it is stable and differs from symbol to symbol.
 */
export function defaultDividendHabit(yieldFraction: number, hash: number): DividendHabit {
  const first = 1 + (hash % 3);
  return {
    yield: yieldFraction,
    frequency: 'quarterly',
    months: [first, first + 3, first + 6, first + 9],
    day: 1 + ((hash >>> 4) % 28),
    payLagDays: 14 + ((hash >>> 9) % 15),
  };
}

/** A US company's usual reporting weeks when its row gives none: 3 to 6 weeks after each calendar quarter. */
export function defaultEarningsHabit(hash: number): EarningsHabit {
  const late = 18 + ((hash >>> 13) % 24);
  const first = late > 31 ? 2 : 1;
  return {
    months: [first, first + 3, first + 6, first + 9],
    day: late > 31 ? late - 31 : late,
    time: (hash >>> 20) & 1 ? 'after-close' : 'before-open',
  };
}
