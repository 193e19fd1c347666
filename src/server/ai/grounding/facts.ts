import type { ToolResult } from '../tools/types';
import { dayAndTime, findDates } from './dates';
import { findNumbers, type NumberUnit } from './numbers';
import { findTickers } from './tickers';

/**
 * The values an answer may cite: every number in this turn's tool results (numeric fields, and numbers written
 * inside their text fields such as '+4.2%' or 'RSI 61'), every symbol, every date and time, and the current time
 * the system prompt stated. Each keeps where it came from for the figure's source mark.
 */

export interface Evidence {
  tool: string;
  result: ToolResult;
}

export interface Provenance {
  tool: string;
  label: string;
  asOf: number;
  provider: string;
}

export interface Fact extends Provenance {
  value: number;
  unit: NumberUnit;
}

export interface FactIndex {
  /** Sorted by absolute value. */
  numbers: Fact[];
  abs: Float64Array;
  symbols: Map<string, Provenance>;
  days: Map<string, Provenance>;
  times: Map<string, Provenance>;
  years: Map<number, Provenance>;
  /** Instrument names, masked in the answer before looking for numbers ('S&P 500' is a name, not a figure). */
  names: string[];
}

const SKIP_KEYS = new Set(['times', 'closes', 'history', 'future']);
const TIME_KEY = /^(asOf|time|date|from|to)$|(At|Date|Time)$/;

/** The unit a numeric field holds, read from its name: tools name every percentage *Percent and every price plainly. */
export function unitOfKey(key: string): NumberUnit {
  if (/(Percent|Pct)$/i.test(key)) return 'percent';
  if (
    /^(price|previousClose|change|open|high|low|close|median|marketCap|lastClose|firstClose|highClose|lowClose|ma\d+|lower\d+|upper\d+|value|totalValue|averagePrice|currentPrice|gainLoss|cost|totalCost|totalGainLoss|dayChange|costBasis|realisedGain|unrealisedGain|dividends|fees|cashBalance|startValue|endValue|netFlows|valueWithSameFlows|amount|gain|startPrice|endPrice|dividendsReceived|annualRate)$/i.test(
      key,
    )
  ) {
    return 'usd';
  }
  return 'plain';
}

function humanize(key: string): string {
  return key
    .replace(/Percent$/, ' %')
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .toLowerCase();
}

export function buildFactIndex(evidence: readonly Evidence[], now: number): FactIndex {
  const numbers: Fact[] = [];
  const symbols = new Map<string, Provenance>();
  const days = new Map<string, Provenance>();
  const times = new Map<string, Provenance>();
  const years = new Map<number, Provenance>();
  const names = new Set<string>();

  const addMoment = (ms: number, p: Provenance) => {
    const { day, time } = dayAndTime(ms);
    if (!days.has(day)) days.set(day, p);
    if (!times.has(time)) times.set(time, p);
    const year = Number(day.slice(0, 4));
    if (!years.has(year)) years.set(year, p);
  };
  const addText = (text: string, base: Provenance) => {
    let rest = text;
    for (const d of findDates(text)) {
      // The digits of a date are not figures of their own.
      rest = rest.slice(0, d.start) + ' '.repeat(d.end - d.start) + rest.slice(d.end);
      if (d.day && !d.day.startsWith('*')) {
        if (!days.has(d.day)) days.set(d.day, base);
        const year = Number(d.day.slice(0, 4));
        if (!years.has(year)) years.set(year, base);
      }
      if (d.time && !times.has(d.time)) times.set(d.time, base);
    }
    for (const n of findNumbers(rest)) numbers.push({ ...base, value: n.value, unit: n.unit });
    // Tickers a tool's text names ('SPY and VOO track the S&P 500') are grounded too.
    for (const t of findTickers(rest, symbols)) if (!symbols.has(t.symbol)) symbols.set(t.symbol, base);
  };

  for (const { tool, result } of evidence) {
    const base = { tool, asOf: result.asOf, provider: result.source.label };
    addMoment(result.asOf, { ...base, label: 'as-of time' });

    const walk = (value: unknown, key: string, path: string[], symbol: string | null) => {
      if (value === null || value === undefined) return;
      const label = () => [symbol, ...path.map(humanize)].filter(Boolean).join(' ');
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) return;
        if (TIME_KEY.test(key) && value > 1e11) return addMoment(value, { ...base, label: label() });
        numbers.push({ ...base, label: label(), value, unit: unitOfKey(key) });
        return;
      }
      if (typeof value === 'string') {
        if (key === 'symbol') {
          if (!symbols.has(value)) symbols.set(value, { ...base, label: `${value} symbol` });
          return;
        }
        if (key === 'name') {
          if (value.length >= 3) names.add(value);
          return;
        }
        addText(value, { ...base, label: label() });
        return;
      }
      if (Array.isArray(value)) {
        for (const item of value) walk(item, key, path, symbol);
        return;
      }
      if (typeof value === 'object') {
        const record = value as Record<string, unknown>;
        const own = typeof record.symbol === 'string' ? record.symbol : symbol;
        // A record of its own symbol starts its own labels: 'AAPL price', not 'quotes AAPL price'.
        const base = own !== symbol ? [] : path;
        for (const [k, v] of Object.entries(record)) {
          if (SKIP_KEYS.has(k)) continue;
          walk(v, k, [...base, k], own);
        }
      }
    };
    walk(result.data, '', [], null);
  }
  addMoment(now, { tool: 'system prompt', label: 'current time', asOf: now, provider: 'Tickwise clock' });

  numbers.sort((a, b) => Math.abs(a.value) - Math.abs(b.value));
  return {
    numbers,
    abs: Float64Array.from(numbers, (f) => Math.abs(f.value)),
    symbols,
    days,
    times,
    years,
    names: [...names].sort((a, b) => b.length - a.length),
  };
}

/** Index of the first entry >= x in an ascending array. */
export function lowerBound(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
