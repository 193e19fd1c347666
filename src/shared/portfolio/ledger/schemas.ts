import { z } from 'zod';
import { isPortfolioCurrency, PORTFOLIO_CURRENCY_LIST } from '../../market/currency';
import { symbolSchema } from '../../market/schemas';
import { decimalText, Dec, parseDecimal } from '../decimal';
import { MAX_AVERAGE_PRICE, MAX_PRICE_DECIMALS, MAX_QUANTITY, MAX_QUANTITY_DECIMALS } from '../limits';
import { ACTIVITY_TYPES, COST_METHODS, PERFORMANCE_RANGES, type ActivityType } from './types';
import { DATE_TOO_EARLY_MESSAGE, MIN_ACTIVITY_DATE, utcDay } from './days';
import { userText } from '../../schemas/text';

/**
 * Input rules of the ledger (issue 21), shared by the procedures, the CSV import and the forms. An activity comes out
 * normalised: every field its type does not use is null, decimals are canonical text, the symbol upper-cased.
 * Whether the date is in the future is checked against the server's clock (`isFutureDate`), whether the symbol
 * exists against the market, and whether the ledger still adds up by replaying it: those are the server's.
 */

export const LEDGER_MESSAGES = {
  typeRequired: `Type must be one of ${ACTIVITY_TYPES.join(', ')}`,
  dateInvalid: 'Date must be a calendar date written YYYY-MM-DD',
  dateInFuture: 'Date cannot be in the future',
  dateTooEarly: DATE_TOO_EARLY_MESSAGE,
  symbolRequired: 'Symbol is required',
  quantityRequired: 'Quantity is required',
  quantityInvalid: `Quantity must be a number greater than 0, at most 1,000,000,000, with at most ${MAX_QUANTITY_DECIMALS} decimal places`,
  priceRequired: 'Price is required',
  priceInvalid: `Price must be a number from 0 to 10,000,000, with at most ${MAX_PRICE_DECIMALS} decimal places`,
  feeInvalid: 'Fee must be a number of at least 0, with at most 2 decimal places',
  amountRequired: 'Amount is required',
  amountInvalid: 'Amount must be a number greater than 0, with at most 2 decimal places',
  ratioRequired: 'Ratio is required',
  ratioInvalid: 'Split ratio must be two positive whole numbers, such as 4:1',
  noteTooLong: 'Note must be at most 500 characters',
  currencyInvalid: `Currency must be one of ${PORTFOLIO_CURRENCY_LIST}`,
  fxRateInvalid: 'Exchange rate must be a number greater than 0',
  currencyNotConvertible: (symbol: string, currency: string) =>
    `${symbol} trades in ${currency}, which Tickwise cannot convert yet (it converts ${PORTFOLIO_CURRENCY_LIST}): record it in one of those`,
  costMethodInvalid: `Cost method must be one of ${COST_METHODS.join(', ')}`,
  rangeInvalid: `Invalid range: use one of ${PERFORMANCE_RANGES.join(', ')}`,
  activityNotFound: 'Activity not found',
  unknownSymbol: (symbol: string) => `Unknown symbol ${symbol}`,
  tooManyActivities: 'A portfolio can hold at most 20,000 activities',
  tooManyWrites: 'Too many changes to your activities in a short time. Please wait a minute and try again.',
  changedMeanwhile: 'This portfolio was changed elsewhere while saving. Please try again.',
} as const;
const L = LEDGER_MESSAGES;

export const MAX_ACTIVITIES_PER_PORTFOLIO = 20_000;
export { MIN_ACTIVITY_DATE };
export const MAX_NOTE_LENGTH = 500;
/** Money amounts (dividends, fees, deposits): cents are the unit. */
const MAX_MONEY_DECIMALS = 2;
const MAX_AMOUNT = '100000000000';

/** Like every text a user types (shared/schemas/text.ts): no lone surrogates, NFC, then the length rule. */
const noteSchema = userText(L.noteTooLong).trim().max(MAX_NOTE_LENGTH, L.noteTooLong);

/** Which fields each type uses (the rest are stored as null). */
export const ACTIVITY_FIELDS: Record<
  ActivityType,
  ReadonlyArray<'symbol' | 'quantity' | 'price' | 'fee' | 'amount' | 'ratio'>
> = {
  buy: ['symbol', 'quantity', 'price', 'fee'],
  sell: ['symbol', 'quantity', 'price', 'fee'],
  dividend: ['symbol', 'amount'],
  fee: ['symbol', 'amount'],
  split: ['symbol', 'ratio'],
  deposit: ['amount'],
  withdrawal: ['amount'],
  transfer_in: ['symbol', 'quantity', 'price'],
};

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD ('2024-02-30' is not one). */
export function isCalendarDate(text: string): boolean {
  const m = DATE_TEXT.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export const isFutureDate = (date: string, nowMs: number) => date > utcDay(nowMs);
/** Before MIN_ACTIVITY_DATE ('YYYY-MM-DD' text compares as dates). */
export const isTooEarlyDate = (date: string) => date < MIN_ACTIVITY_DATE;

interface Bounds {
  min: string;
  inclusive: boolean;
  max: string;
  decimals: number;
}

/** A decimal within bounds as canonical text, or null when it is not one. */
function boundedDecimal(raw: unknown, b: Bounds): string | null {
  const value = parseDecimal(raw);
  if (!value) return null;
  const low = b.inclusive ? value.lt(b.min) : value.lte(b.min);
  if (low || value.gt(b.max) || value.decimalPlaces() > b.decimals) return null;
  return decimalText(value.abs().isZero() ? new Dec(0) : value);
}

const QUANTITY: Bounds = { min: '0', inclusive: false, max: MAX_QUANTITY, decimals: MAX_QUANTITY_DECIMALS };
const PRICE: Bounds = { min: '0', inclusive: true, max: MAX_AVERAGE_PRICE, decimals: MAX_PRICE_DECIMALS };
const FEE: Bounds = { min: '0', inclusive: true, max: MAX_AMOUNT, decimals: MAX_MONEY_DECIMALS };
const AMOUNT: Bounds = { min: '0', inclusive: false, max: MAX_AMOUNT, decimals: MAX_MONEY_DECIMALS };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** 'a:b' with two positive whole numbers, as written without spaces; null otherwise. */
export function readRatio(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const m = /^\s*(\d{1,9})\s*[:/]\s*(\d{1,9})\s*$/.exec(raw);
  if (!m || Number(m[1]) <= 0 || Number(m[2]) <= 0) return null;
  return `${Number(m[1])}:${Number(m[2])}`;
}

/** A normalised activity as it is stored (without id): what the ledger replays. */
export interface ActivityFields {
  type: ActivityType;
  date: string;
  symbol: string | null;
  quantity: string | null;
  price: string | null;
  fee: string | null;
  amount: string | null;
  ratio: string | null;
  note: string | null;
  /**
   * The currency of price, fee and amount (issue 27 §3); null when the input did not say, and the server decides:
   * the symbol's listing currency for a trade, dividend or fee of a symbol, the portfolio's base for cash.
   */
  currency?: string | null;
  /** The broker's rate of 1 unit of `currency` in the portfolio's base, as a file gave it; kept, not required. */
  fxRate?: string | null;
}

/** The activity's fields checked for its type; every problem becomes one issue with its message. */
export const activityFieldsSchema = z
  .object({
    type: z.unknown(),
    date: z.unknown(),
    symbol: z.unknown().optional(),
    quantity: z.unknown().optional(),
    price: z.unknown().optional(),
    fee: z.unknown().optional(),
    amount: z.unknown().optional(),
    ratio: z.unknown().optional(),
    note: z.unknown().optional(),
    currency: z.unknown().optional(),
    fxRate: z.unknown().optional(),
  })
  .transform((raw, ctx): ActivityFields => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    const type = typeof raw.type === 'string' ? raw.type.trim().toLowerCase() : '';
    if (!(ACTIVITY_TYPES as readonly string[]).includes(type)) {
      issue(L.typeRequired, 'type');
      return z.NEVER;
    }
    const t = type as ActivityType;
    const uses = new Set(ACTIVITY_FIELDS[t]);
    const out: ActivityFields = {
      type: t,
      date: typeof raw.date === 'string' ? raw.date.trim() : '',
      symbol: null,
      quantity: null,
      price: null,
      fee: null,
      amount: null,
      ratio: null,
      note: null,
    };
    if (!isCalendarDate(out.date)) issue(L.dateInvalid, 'date');
    else if (isTooEarlyDate(out.date)) issue(L.dateTooEarly, 'date');
    if (uses.has('symbol')) {
      const optional = t === 'fee';
      if (blank(raw.symbol)) {
        if (!optional) issue(L.symbolRequired, 'symbol');
      } else {
        const parsed = symbolSchema.safeParse(raw.symbol);
        if (parsed.success) out.symbol = parsed.data;
        else issue(parsed.error.issues[0]?.message ?? L.symbolRequired, 'symbol');
      }
    }
    const decimal = (
      field: 'quantity' | 'price' | 'fee' | 'amount',
      b: Bounds,
      required: string | null,
      bad: string,
    ) => {
      if (!uses.has(field)) return;
      if (blank(raw[field])) {
        if (required) issue(required, field);
        return;
      }
      const value = boundedDecimal(raw[field], b);
      if (value === null) issue(bad, field);
      else out[field] = value;
    };
    decimal('quantity', QUANTITY, L.quantityRequired, L.quantityInvalid);
    decimal('price', PRICE, L.priceRequired, L.priceInvalid);
    decimal('fee', FEE, null, L.feeInvalid);
    decimal('amount', AMOUNT, L.amountRequired, L.amountInvalid);
    if (uses.has('ratio')) {
      if (blank(raw.ratio)) issue(L.ratioRequired, 'ratio');
      else {
        out.ratio = readRatio(raw.ratio);
        if (out.ratio === null) issue(L.ratioInvalid, 'ratio');
      }
    }
    if (!blank(raw.currency)) {
      const currency = typeof raw.currency === 'string' ? raw.currency.trim().toUpperCase() : '';
      if (isPortfolioCurrency(currency)) out.currency = currency;
      else issue(L.currencyInvalid, 'currency');
    }
    if (!blank(raw.fxRate)) {
      const rate = parseDecimal(raw.fxRate);
      if (rate && rate.gt(0) && rate.lte(1e9)) out.fxRate = decimalText(rate);
      else issue(L.fxRateInvalid, 'fxRate');
    }
    if (!blank(raw.note)) {
      const note = noteSchema.safeParse(raw.note);
      if (note.success) out.note = note.data;
      else issue(note.error.issues[0]?.message ?? L.noteTooLong, 'note');
    }
    return out;
  });

const idSchema = (message: string) => z.string({ error: message }).max(10_000, message);
const portfolioId = idSchema('Portfolio not found');

export const activityListSchema = z.object({ id: portfolioId });
export const addActivitySchema = z
  .object({ id: portfolioId })
  .passthrough()
  .transform((v, ctx) => {
    const parsed = activityFieldsSchema.safeParse(v);
    if (!parsed.success) {
      for (const i of parsed.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path });
      return z.NEVER;
    }
    return { id: v.id, activity: parsed.data };
  });
export const updateActivitySchema = z
  .object({ id: portfolioId, activityId: idSchema(L.activityNotFound) })
  .passthrough()
  .transform((v, ctx) => {
    const parsed = activityFieldsSchema.safeParse(v);
    if (!parsed.success) {
      for (const i of parsed.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path });
      return z.NEVER;
    }
    return { id: v.id, activityId: v.activityId, activity: parsed.data };
  });
export const deleteActivitySchema = z.object({ id: portfolioId, activityId: idSchema(L.activityNotFound) });

export const costMethodSchema = z.enum(COST_METHODS, { error: L.costMethodInvalid });

export const performanceSchema = z.object({
  id: portfolioId,
  range: z
    .string({ error: L.rangeInvalid })
    .optional()
    .transform((v) => (v ?? 'ALL').trim().toUpperCase())
    .pipe(z.enum(PERFORMANCE_RANGES, { error: L.rangeInvalid })),
  benchmark: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? 'SPY' : v))
    .pipe(symbolSchema),
});
