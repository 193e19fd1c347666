/**
 * What an alert watches (issue 30 §2). Each condition reads one measure of a symbol and meets its level in one of
 * four shapes: the value is above or below the level (a level condition: it holds, or not, at every evaluation),
 * or it crossed the level upwards or downwards between two evaluations (a crossing: it fires only on an actual move
 * through the level). The moving-average crossovers are crossings of MA20 - MA50 through zero.
 */

export const ALERT_CONDITIONS = [
  'priceAbove',
  'priceBelow',
  'crossesAbove',
  'crossesBelow',
  'changeAbove',
  'changeBelow',
  'goldenCross',
  'deathCross',
  'rsiAbove',
  'rsiBelow',
] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** The value a condition reads: last price, day's change in percent, RSI(14) of daily closes, MA20 - MA50. */
export type AlertMeasure = 'price' | 'change' | 'rsi' | 'ma';
export const ALERT_MEASURES: readonly AlertMeasure[] = ['price', 'change', 'rsi', 'ma'];

/** above: value > level; below: value < level; crossUp: from <= level to > level; crossDown: from >= to <. */
export type ConditionShape = 'above' | 'below' | 'crossUp' | 'crossDown';

export const CONDITION_RULES: Record<AlertCondition, { measure: AlertMeasure; shape: ConditionShape }> = {
  priceAbove: { measure: 'price', shape: 'above' },
  priceBelow: { measure: 'price', shape: 'below' },
  crossesAbove: { measure: 'price', shape: 'crossUp' },
  crossesBelow: { measure: 'price', shape: 'crossDown' },
  changeAbove: { measure: 'change', shape: 'above' },
  changeBelow: { measure: 'change', shape: 'below' },
  goldenCross: { measure: 'ma', shape: 'crossUp' },
  deathCross: { measure: 'ma', shape: 'crossDown' },
  rsiAbove: { measure: 'rsi', shape: 'above' },
  rsiBelow: { measure: 'rsi', shape: 'below' },
};

export const isCrossing = (condition: AlertCondition): boolean => {
  const shape = CONDITION_RULES[condition].shape;
  return shape === 'crossUp' || shape === 'crossDown';
};

/** The crossovers have no level of their own: MA20 crosses MA50, i.e. their difference crosses zero. */
export const hasLevel = (condition: AlertCondition): boolean => CONDITION_RULES[condition].measure !== 'ma';

/** How often an armed alert may fire: once (then it is done), once a UTC day, or every time with a minimum interval. */
export const ALERT_FREQUENCIES = ['once', 'daily', 'throttle'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
