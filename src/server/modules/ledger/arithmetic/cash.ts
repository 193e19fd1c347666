import type { Dec } from '../../../../shared/portfolio/decimal';
import { ZERO } from './money';

/**
 * The portfolio's cash. It never goes below zero: a buy or a fee that finds too little cash is paid from outside for
 * the shortfall, which counts as an external inflow (the investor put that money in). A withdrawal cannot be paid
 * from outside, so the caller refuses one larger than the cash.
 */
export class CashAccount {
  balance: Dec = ZERO;

  clone(): CashAccount {
    const copy = new CashAccount();
    copy.balance = this.balance;
    return copy;
  }

  receive(amount: Dec): void {
    this.balance = this.balance.plus(amount);
  }

  /** Pays `amount` (may be negative: a sell whose fee exceeds its proceeds); answers the shortfall funded from outside. */
  pay(amount: Dec): Dec {
    if (amount.lte(this.balance)) {
      this.balance = this.balance.minus(amount);
      return ZERO;
    }
    const shortfall = amount.minus(this.balance);
    this.balance = ZERO;
    return shortfall;
  }
}
