import { Dec } from '../decimal';
import { toMajorUnit } from '../../market/currency';
import { currencyCode } from './currencyRule';
import { RowProblem } from './layout';

/**
 * A trade of a listing in one currency paid from an account kept in another (a USD fund bought from a EUR account at
 * DEGIRO or Trading 212; an IBKR commission charged in the account's base): the activity is recorded in the
 * listing's currency, with the price and quantity as traded, and every fee the broker charged in the account's
 * currency is converted into the listing's at the broker's own rate for that row (decision 028). The ledger then
 * converts the activity into the portfolio's base at the day's rate like any other (decision 023).
 */

/** What a row says about the two currencies. */
export interface TwoCurrencies {
  /** The listing's currency: the price's. */
  listing: string;
  /** The account's currency: the total's, the fees'. */
  account: string;
  /** The broker's exchange rate as written, in either direction; null when the row gives none. */
  rate: Dec | null;
  /** The shares' cost in the listing currency (quantity x price), when the row gives it. */
  gross: Dec | null;
  /** The same cost in the account currency, fees left out, when the row gives it. */
  grossInAccount: Dec | null;
}

/** A fee of the row, in the currency its column names (null: the account's). */
export interface Charge {
  amount: Dec | null;
  currency: string | null;
}

/**
 * How many listing units one account unit is. Brokers write the rate both ways (DEGIRO and Trading 212 dollars per
 * euro, IBKR's FXRateToBase euros per dollar, and Trading 212 has changed its mind before), so when the row also
 * gives the cost in both currencies the direction that agrees with them is taken; pence and pounds need no rate.
 */
export function listingPerAccount(t: TwoCurrencies): Dec {
  // Rates are between major units: a price in pence (GBX) is a hundredth of the pounds the rate speaks of.
  const listing = toMajorUnit(t.listing);
  const inListingUnits = (majorPerAccount: Dec) =>
    listing.factor === 1 ? majorPerAccount : majorPerAccount.div(listing.factor);
  if (listing.currency === currencyCode(t.account)) return inListingUnits(new Dec(1));
  const gross = t.gross?.times(listing.factor) ?? null;
  const inAccount = t.grossInAccount && !t.grossInAccount.isZero() ? t.grossInAccount : null;
  if (t.rate && t.rate.gt(0)) {
    if (!gross || !inAccount) return inListingUnits(t.rate);
    // Which reading is nearer: gross = rate x inAccount, or gross x rate = inAccount (relative errors, cross-multiplied
    // so that the usual row costs no division).
    const asWritten = gross.minus(t.rate.times(inAccount)).abs().times(inAccount);
    const inverted = gross.times(t.rate).minus(inAccount).abs().times(gross);
    return inListingUnits(inverted.lt(asWritten) ? new Dec(1).div(t.rate) : t.rate);
  }
  if (gross && inAccount && gross.gt(0)) return inListingUnits(gross.div(inAccount));
  throw new RowProblem(
    `The fee is in ${t.account} and the price in ${t.listing}, and the row gives no exchange rate to convert it`,
  );
}

/** The fees of a trade together, in the listing's currency: each converted from the account's at the row's rate. */
export function feesInListing(charges: readonly Charge[], t: TwoCurrencies): Dec | null {
  const given = charges.filter((c): c is { amount: Dec; currency: string | null } => c.amount !== null);
  if (given.length === 0) return null;
  let perAccount: Dec | null = null;
  return given.reduce((sum, c) => {
    const currency = c.currency ? currencyCode(c.currency) : t.account;
    if (currency === currencyCode(t.listing)) return sum.plus(c.amount.abs());
    if (currency !== currencyCode(t.account))
      throw new RowProblem(
        `A fee in ${currency} cannot be converted: the row trades in ${t.listing} from ${t.account}`,
      );
    perAccount ??= listingPerAccount(t);
    return sum.plus(c.amount.abs().times(perAccount));
  }, new Dec(0));
}
