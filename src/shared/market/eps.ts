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
