import { formatMoney } from '../format';
import type { CurrencyCode, EarningsEps } from './types';

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);
/** EPS are quoted to the cent, sometimes a tenth of it: four places keep every provider's figure. */
const decimal = (x: number) => String(Math.round(x * 10_000) / 10_000);

/**
 * A report's EPS from what a provider knows: the estimate alone before the report, both after. The surprise is
 * computed here rather than taken from the provider, so every provider's means the same thing (Yahoo sends it as a
 * fraction in one module and as a rounded percent string in another). Undefined when neither figure is known.
 */
export function earningsEps(
  estimate: number | null | undefined,
  actual: number | null | undefined,
  currency: CurrencyCode,
): EarningsEps | undefined {
  if (!finite(estimate) && !finite(actual)) return undefined;
  const surprise =
    finite(estimate) && finite(actual) && estimate !== 0
      ? Math.round(((actual - estimate) / Math.abs(estimate)) * 10_000) / 10_000
      : null;
  return {
    estimate: finite(estimate) ? decimal(estimate) : null,
    actual: finite(actual) ? decimal(actual) : null,
    surprise,
    currency,
  };
}

export interface EpsWords {
  /** The figures as money ("$0.55"); null where unknown. */
  actual: string | null;
  estimate: string | null;
  /** "EPS estimate $0.71" before the report; "EPS $0.55, estimate $0.52" after it ("EPS $0.55" without one). */
  figures: string;
  /** The surprise, signed: "+5.8%"; null unless both figures are known. */
  surprise: string | null;
  /** Above, below or at the estimate (for the surprise's colour); null with no surprise. */
  tone: 'beat' | 'miss' | 'in line' | null;
}

/** Per-share money as precise as it was given (0.055 stays $0.055), at least cents. */
function perShare(amount: string, currency: CurrencyCode): string {
  const decimals = Math.min(4, Math.max(2, amount.split('.')[1]?.length ?? 0));
  return formatMoney(Number(amount), currency, decimals);
}

/** The words the calendar and the stock page show for a report's EPS; null when there is nothing to say. */
export function epsWords(eps: EarningsEps | null | undefined): EpsWords | null {
  if (!eps || (eps.estimate === null && eps.actual === null)) return null;
  const estimate = eps.estimate === null ? null : perShare(eps.estimate, eps.currency);
  if (eps.actual === null)
    return { actual: null, estimate, figures: `EPS estimate ${estimate}`, surprise: null, tone: null };
  const actual = perShare(eps.actual, eps.currency);
  const figures = estimate === null ? `EPS ${actual}` : `EPS ${actual}, estimate ${estimate}`;
  if (eps.surprise === null) return { actual, estimate, figures, surprise: null, tone: null };
  const percent = Math.round(eps.surprise * 1000) / 10;
  return {
    actual,
    estimate,
    figures,
    surprise: `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`,
    tone: percent > 0 ? 'beat' : percent < 0 ? 'miss' : 'in line',
  };
}
