import type { ForecastData } from '../../tools/forecast';
import { day, money, pct } from '../prose';

/** The forecast's figures in words: bands, the chance of ending higher, and how well the bands held before. */
export function writeForecast(f: ForecastData): string {
  const z = f.atHorizon.zeroDrift;
  const d = f.atHorizon.estimatedDrift;
  const lines = [
    `**Hypothetical ${f.horizon} range for ${f.symbol}** (not a prediction), ${f.horizonDays} days ahead from today's ${money(f.lastClose)}:`,
    `- Median: **${money(z.median)}** (with drift 0, the middle outcome is today's price).`,
    `- 80% band: **${money(z.lower80)} to ${money(z.upper80)}**; 95% band: ${money(z.lower95)} to ${money(z.upper95)}.`,
    `- Chance of ending above today's price: ${pct(z.probabilityAbovePercent)} with drift 0, ${pct(d.probabilityAbovePercent)} with the estimated drift of ${f.driftAnnualPercent}% a year (median ${money(d.median)}).`,
  ];
  if (f.calibration) {
    lines.push(
      `- Calibration: in ${f.calibration.backtests} rolling back-tests over ${f.calibration.years} years of ${f.symbol}'s own history, ` +
        `the 80% band held **${pct(f.calibration.coverage80Percent)}** of the time (the 95% band ${pct(f.calibration.coverage95Percent)}).`,
    );
  } else {
    lines.push('- There is not enough history to back-test these bands, so treat them as uncalibrated.');
  }
  lines.push(
    '',
    `Method: a log-normal model on daily log returns, with volatility of ${pct(f.volatilityAnnualPercent)} a year measured over ${f.window.returns} daily returns (${day(f.window.from)} to ${day(f.window.to)}). ` +
      'The chart below shows the bands; switch on the drift to see the trend-following version.',
  );
  return lines.join('\n');
}
