import { Dec } from '../../../../shared/portfolio/decimal';
import type { CostMethod } from '../../../../shared/portfolio/ledger/types';
import { CashAccount } from './cash';
import { LedgerError } from './errors';
import { Position } from './lots';
import { centsText, quantityText, toCents, ZERO } from './money';

const ONE = new Dec(1);
import { describeActivity, type ParsedActivity } from './parse';

/** What one activity did to the money, in cents: the pieces of the decomposition and of the external flows. */
export interface Booking {
  /** Deposits and shortfalls paid from outside: they count at the start of their day. */
  inflow: Dec;
  /** Withdrawals: they count at the end of their day. */
  outflow: Dec;
  realisedGain: Dec;
  dividend: Dec;
  /** Standalone fees only (fees of buys and sells are in their cost and proceeds). */
  fee: Dec;
}

export interface Holding {
  position: Position;
  /** The last trade price, split-adjusted: what the symbol is worth before its first close is known. */
  lastTradePrice: Dec;
  /** What the symbol's splits so far turned one share into: bounded by MAX_SPLIT_FACTOR either way. */
  splitFactor: Dec;
}

/**
 * How far a symbol's splits may multiply (or divide) one share, all together. Real companies stay far inside it
 * (Coca-Cola's splits since 1919 turned one share into about 9,000); forty 999999999:1 splits overflowed every
 * value to Infinity (issue 26), so the ledger refuses the split that would cross it.
 */
export const MAX_SPLIT_FACTOR = new Dec(1_000_000);
const MIN_SPLIT_FACTOR = new Dec(1).div(MAX_SPLIT_FACTOR);

/**
 * The ledger's state after each activity, applied one at a time in ledger order. Both the replay (the state at the
 * end) and the performance walk (the state at each day's close) drive it, so they cannot disagree.
 */
export class LedgerBook {
  cash = new CashAccount();
  /** Every symbol ever bought, in the order first bought. */
  holdings = new Map<string, Holding>();

  constructor(readonly method: CostMethod) {}

  /** An independent copy: the performance memo keeps one as a checkpoint and resumes from copies of it. */
  clone(): LedgerBook {
    const copy = new LedgerBook(this.method);
    copy.cash = this.cash.clone();
    for (const [symbol, holding] of this.holdings)
      copy.holdings.set(symbol, { ...holding, position: holding.position.clone() });
    return copy;
  }

  apply(activity: ParsedActivity): Booking {
    const booking: Booking = { inflow: ZERO, outflow: ZERO, realisedGain: ZERO, dividend: ZERO, fee: ZERO };
    const { source } = activity;
    switch (activity.kind) {
      case 'buy': {
        const cost = toCents(activity.quantity.times(activity.price).plus(activity.fee));
        const holding = this.holdingOf(activity.symbol, activity.price);
        holding.position.buy(activity.day, activity.quantity, cost);
        holding.lastTradePrice = activity.price;
        booking.inflow = this.cash.pay(cost);
        break;
      }
      case 'transfer_in': {
        // Shares moved in: a lot at the cost basis given, no cash paid. The flow is the shares' market value that
        // day, which only the daily walk knows (walk.ts); the replay records none.
        const holding = this.holdingOf(activity.symbol, activity.price);
        holding.position.buy(activity.day, activity.quantity, toCents(activity.quantity.times(activity.price)));
        holding.lastTradePrice = activity.price;
        break;
      }
      case 'sell': {
        const holding = this.holdings.get(activity.symbol);
        const held = holding?.position.quantity ?? ZERO;
        if (!holding || activity.quantity.gt(held))
          throw new LedgerError(
            `Selling ${quantityText(activity.quantity)} ${activity.symbol} on ${source.date} is more than the ` +
              `${quantityText(held)} held that day.`,
            source.id,
          );
        const proceeds = toCents(activity.quantity.times(activity.price).minus(activity.fee));
        booking.realisedGain = proceeds.minus(holding.position.sell(activity.quantity));
        holding.lastTradePrice = activity.price;
        if (proceeds.isNegative()) booking.inflow = this.cash.pay(proceeds.neg());
        else this.cash.receive(proceeds);
        break;
      }
      case 'dividend':
        this.requireHeldBefore(activity.symbol, activity.source, 'dividend');
        booking.dividend = toCents(activity.amount);
        this.cash.receive(booking.dividend);
        break;
      case 'split': {
        const holding = this.requireHeldBefore(activity.symbol, activity.source, 'split');
        const factor = holding.splitFactor.times(activity.numerator).div(activity.denominator);
        if (factor.gt(MAX_SPLIT_FACTOR) || factor.lt(MIN_SPLIT_FACTOR))
          throw new LedgerError(
            `${describeActivity(source)}: together with the earlier splits of ${activity.symbol} it would turn one ` +
              `share into ${factor.gt(1) ? 'more than 1,000,000 shares' : 'less than a millionth of a share'}.`,
            source.id,
          );
        holding.splitFactor = factor;
        holding.position.split(activity.numerator, activity.denominator);
        holding.lastTradePrice = holding.lastTradePrice.times(activity.denominator).div(activity.numerator);
        break;
      }
      case 'fee':
        booking.fee = toCents(activity.amount);
        booking.inflow = this.cash.pay(booking.fee);
        break;
      case 'deposit':
        booking.inflow = toCents(activity.amount);
        this.cash.receive(booking.inflow);
        break;
      case 'withdrawal': {
        const amount = toCents(activity.amount);
        if (amount.gt(this.cash.balance))
          throw new LedgerError(
            `Withdrawing ${centsText(amount)} on ${source.date} is more than the ${centsText(this.cash.balance)} ` +
              'cash that day.',
            source.id,
          );
        this.cash.pay(amount);
        booking.outflow = amount;
        break;
      }
    }
    return booking;
  }

  private holdingOf(symbol: string, price: Dec): Holding {
    let holding = this.holdings.get(symbol);
    if (!holding) {
      holding = { position: new Position(this.method), lastTradePrice: price, splitFactor: ONE };
      this.holdings.set(symbol, holding);
    }
    return holding;
  }

  private requireHeldBefore(symbol: string, source: ParsedActivity['source'], what: string): Holding {
    const holding = this.holdings.get(symbol);
    if (!holding)
      throw new LedgerError(
        `A ${what} of ${symbol} on ${source.date} is for a symbol not held on or before that day.`,
        source.id,
      );
    return holding;
  }
}
