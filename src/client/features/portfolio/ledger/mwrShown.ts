/**
 * How the money-weighted return is shown (issue 27 §4). The engine answers the XIRR, a yearly rate. For a range of
 * a year or more the card shows that rate, labelled "per year"; for a shorter range a yearly rate misleads (3M:
 * +23.01 % a year beside a TWR of +5.31 % for the quarter), so the card shows the return over the range itself:
 * the rate compounded over the range's days, (1 + r)^(days / 365) − 1, comparable with the TWR beside it.
 * The flows run from the close of the day before `from` to the close of `to`: `to − from + 1` days.
 */

const DAY_MS = 86_400_000;

export interface MwrShown {
  /** A fraction as decimal text ("0.05310000"), or null when not meaningful. */
  value: string | null;
  perYear: boolean;
  label: string;
}

export function mwrShown(mwr: string | null, from: string, to: string): MwrShown {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  if (days >= 365) return { value: mwr, perYear: true, label: 'Money-weighted return, per year' };
  const value = mwr === null ? null : (Math.pow(1 + Number(mwr), days / 365) - 1).toFixed(8);
  return { value, perYear: false, label: 'Money-weighted return, for the range' };
}
