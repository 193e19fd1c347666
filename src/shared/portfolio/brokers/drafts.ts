import { Dec } from '../decimal';
import { readRatio } from '../ledger/schemas';
import { MAX_PRICE_DECIMALS } from '../limits';
import type { ActivityDraft, ActivityOutcome } from './layout';
import { RowProblem } from './layout';
import { isCashLine } from './cash';
import { SKIP_REASONS, skipReason, type WordKind } from './wordings';

/**
 * Building the ledger's activities from what a row says, the same way for every layout: fees read once, a price
 * from the net amount only after the fee is taken out of it (the double-counted fee of issue 27: a buy of 10 for a
 * net 1,001.50 with a 1.50 fee is a price of 100, not 100.15 plus the fee again), deposits and withdrawals by sign.
 */

const ZERO = new Dec(0);

export interface TradeCells {
  date: string;
  symbol: string;
  quantity: Dec | null;
  price: Dec | null;
  /** Fees and commissions together, either sign (brokers write them negative or positive). */
  fee: Dec | null;
  /** The cash the trade moved, fees included, either sign. */
  net: Dec | null;
  note?: string | null;
  currency?: string | null;
  fxRate?: string | null;
}

/** Fees and commissions of separate columns together (their sizes: brokers write them with either sign). */
export function feeSum(...fees: Array<Dec | null>): Dec | null {
  const given = fees.filter((f): f is Dec => f !== null);
  return given.length === 0 ? null : given.reduce((sum, f) => sum.plus(f.abs()), ZERO);
}

/** A buy or sell; the price comes from the net amount (fees taken out) when the row gives none. */
export function trade(type: 'buy' | 'sell', cells: TradeCells): ActivityDraft {
  const quantity = cells.quantity?.abs() ?? null;
  const fee = cells.fee?.abs() ?? null;
  let price = cells.price?.abs() ?? null;
  if (price === null && cells.net !== null && quantity && quantity.gt(0)) {
    const net = cells.net.abs();
    const gross = type === 'buy' ? net.minus(fee ?? ZERO) : net.plus(fee ?? ZERO);
    price = gross.div(quantity).toDecimalPlaces(MAX_PRICE_DECIMALS);
  }
  return {
    type,
    date: cells.date,
    symbol: cells.symbol,
    quantity,
    price,
    fee,
    note: cells.note ?? null,
    currency: cells.currency ?? null,
    fxRate: cells.fxRate ?? null,
  };
}

/** A cash movement: dividend, fee, deposit or withdrawal of the amount's size. */
export function cash(
  type: 'dividend' | 'fee' | 'deposit' | 'withdrawal',
  date: string,
  amount: Dec | null,
  extra: Partial<ActivityDraft> = {},
): ActivityDraft {
  return { type, date, amount: amount?.abs() ?? null, ...extra };
}

/** "2-for-1", "10 for 1", "4:1", "3/2" in a text, as the ledger's 'a:b'; null when there is none. */
export function ratioInText(text: string): string | null {
  const m = /(\d{1,9})\s*(?:-\s*for\s*-|\s+for\s+|:|\/)\s*(\d{1,9})(?!\d|\/\d)/i.exec(text);
  return m ? readRatio(`${m[1]}:${m[2]}`) : null;
}

/** What every layout does with a kind it recognised but that moves no shares or cash it reads the same way. */
export interface CommonCells {
  date: string;
  wording: string;
  symbol: string;
  quantity: Dec | null;
  price: Dec | null;
  fee: Dec | null;
  /** The row's cash, either sign. */
  amount: Dec | null;
  ratio?: string | null;
  note?: string | null;
  currency?: string | null;
  fxRate?: string | null;
  /** The security's name as the broker writes it, when there is one: "HELD IN MONEY MARKET" tells a sweep fund. */
  description?: string;
}

/**
 * A trade or a payout of the sweep fund (SPAXX, VMFXX, "Cash & Cash Investments") is the account's cash moving, or
 * its interest: skipped with that reason, never an unknown symbol.
 */
function cashLineSkip(kind: WordKind, c: CommonCells): string | null {
  if (!c.symbol || !isCashLine(c.symbol, c.description)) return null;
  if (kind === 'dividend' || kind === 'interest') return SKIP_REASONS.interest;
  if (kind === 'buy' || kind === 'sell' || kind === 'reinvest') return SKIP_REASONS.cashLine;
  return null;
}

/**
 * The activities of a row whose kind is known: trades, reinvestments, dividends, fees and taxes, deposits and
 * withdrawals (a transfer by its sign), splits (a ratio, or the shares added); skipped kinds with their reason.
 */
export function draftsOf(kind: WordKind, c: CommonCells): ActivityOutcome {
  const skip = skipReason(kind) ?? cashLineSkip(kind, c);
  const wording = c.wording;
  if (skip) return { skip, wording };
  const extra = { note: c.note ?? null, currency: c.currency ?? null, fxRate: c.fxRate ?? null };
  switch (kind) {
    case 'buy':
    case 'sell':
      return { drafts: [trade(kind, { ...c, net: c.amount, ...extra })], wording };
    case 'reinvest': {
      const buy = trade('buy', { ...c, net: c.amount, ...extra });
      return { drafts: [{ ...buy, reinvested: true, amount: c.amount?.abs() ?? null }], wording };
    }
    case 'dividend':
      if (c.amount?.isZero()) return { skip: SKIP_REASONS.zero, wording };
      return { drafts: [cash('dividend', c.date, c.amount, { symbol: c.symbol, ...extra })], wording };
    case 'fee':
    case 'tax': {
      const amount = c.amount ?? c.fee;
      if (amount?.isZero()) return { skip: SKIP_REASONS.zero, wording };
      if (/refund|erstattung/i.test(wording)) return { skip: SKIP_REASONS.refund, wording };
      const note = kind === 'tax' ? (c.note ? `${wording}: ${c.note}` : wording) : (c.note ?? null);
      return { drafts: [cash('fee', c.date, amount, { symbol: c.symbol || null, ...extra, note })], wording };
    }
    case 'deposit':
    case 'withdrawal':
      if (c.amount?.isZero()) return { skip: SKIP_REASONS.zero, wording };
      return { drafts: [cash(kind, c.date, c.amount, extra)], wording };
    case 'transfer': {
      if (c.amount === null) {
        if (c.symbol && c.quantity) return { skip: SKIP_REASONS['security-transfer'], wording };
        throw new RowProblem('Amount is required');
      }
      if (c.amount.isZero()) return { skip: SKIP_REASONS.zero, wording };
      return { drafts: [cash(c.amount.gt(0) ? 'deposit' : 'withdrawal', c.date, c.amount, extra)], wording };
    }
    case 'split': {
      const ratio = c.ratio ?? ratioInText(c.note ?? '') ?? ratioInText(wording);
      if (ratio) return { drafts: [{ type: 'split', date: c.date, symbol: c.symbol, ratio, ...extra }], wording };
      if (c.quantity && !c.quantity.isZero())
        return {
          drafts: [{ type: 'split', date: c.date, symbol: c.symbol, addedShares: c.quantity, ...extra }],
          wording,
        };
      throw new RowProblem('A split needs its ratio (such as 4:1) or the shares it added');
    }
    default:
      return { skip: SKIP_REASONS.unknown(wording), wording };
  }
}
