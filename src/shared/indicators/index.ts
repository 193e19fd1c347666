/** Technical indicators shared by the server (ratings) and the client (chart overlays). Pure, isomorphic code. */
export { sma, toChartSeries } from './sma';
export {
  confirmedCrossovers,
  crossoverSignals,
  movingAverageStudy,
  type CrossSignal,
  type MovingAverageStudy,
  type SignalType,
} from './crossovers';
export { rsi } from './rsi';
export { annualizedVolatility, drawdownFromHigh, percentChangeSince } from './stats';
export { rateStock, ratingForScore, RECENT_CROSS_BARS, type RatingInput, type RatingResult } from './rating';
