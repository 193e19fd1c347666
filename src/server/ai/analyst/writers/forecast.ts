import { methodFold } from '../../../../shared/chat/methodFold';
import type { ForecastData } from '../../tools/forecast';
import { day, money, pct } from '../prose';

const HORIZON_WORDS: Record<string, string> = {
  '1W': 'a week',
  '1M': 'a month',
  '3M': 'three months',
  '6M': 'six months',
  '1Y': 'a year',
};

/**
 * The forecast in plain words first (where the price could be, how often such ranges held), then the figures and the
 * model behind them in the method fold.
 */
export function writeForecast(f: ForecastData): string {
  const z = f.atHorizon.zeroDrift;
  const d = f.atHorizon.estimatedDrift;
  const held = f.calibration
    ? ` In past tests on ${f.symbol}'s own history, ranges built this way held **${pct(f.calibration.coverage80Percent)}** of the time.`
    : ' There is not enough history to test how well such ranges held, so treat it as a rough guide.';
  const plain =
    `**Where ${f.symbol} could be in ${HORIZON_WORDS[f.horizon] ?? f.horizon}** is a hypothetical range, not a prediction. ` +
    `In four out of five of the model's outcomes it ends between **${money(z.lower80)} and ${money(z.upper80)}**, around today's ${money(f.lastClose)}.${held}`;
  const method = [
    `- Model: a log-normal model on daily log returns, ${f.horizonDays} days ahead, with volatility of ${pct(f.volatilityAnnualPercent)} a year measured over ${f.window.returns} daily returns (${day(f.window.from)} to ${day(f.window.to)}).`,
    `- Median: ${money(z.median)} (with drift 0, the middle outcome is today's price). 80% band: ${money(z.lower80)} to ${money(z.upper80)}; 95% band: ${money(z.lower95)} to ${money(z.upper95)}.`,
    `- Chance of ending above today's price: ${pct(z.probabilityAbovePercent)} with drift 0, ${pct(d.probabilityAbovePercent)} with the estimated drift of ${f.driftAnnualPercent}% a year (median ${money(d.median)}).`,
    f.calibration
      ? `- Calibration: ${f.calibration.backtests} rolling back-tests over ${f.calibration.years} years; the 80% band held ${pct(f.calibration.coverage80Percent)} of the time, the 95% band ${pct(f.calibration.coverage95Percent)}.`
      : '- Calibration: not enough history to back-test the bands.',
    '- The chart shows the bands; switch on the drift to see the trend-following version.',
  ];
  return plain + methodFold(method.join('\n'));
}
