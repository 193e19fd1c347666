import { formatMoney, formatSignedPercent } from '../format';
import type { AlertCondition } from './conditions';

/**
 * Alerts in words, the same on the server (notification titles) and in the screens: "crosses above $200.00",
 * "day's change below -3.00%", "RSI(14) above 70", "golden cross (MA20 above MA50)".
 */

const rsiLevel = (level: number) => String(Math.round(level * 100) / 100);

/** What the alert waits for, after the symbol: 'AAPL ' + describeCondition(...). */
export function describeCondition(condition: AlertCondition, level: number | null, currency: string): string {
  const price = (value: number | null) => formatMoney(value, currency);
  switch (condition) {
    case 'priceAbove':
      return `above ${price(level)}`;
    case 'priceBelow':
      return `below ${price(level)}`;
    case 'crossesAbove':
      return `crosses above ${price(level)}`;
    case 'crossesBelow':
      return `crosses below ${price(level)}`;
    case 'changeAbove':
      return `day's change above ${formatSignedPercent(level)}`;
    case 'changeBelow':
      return `day's change below ${formatSignedPercent(level)}`;
    case 'goldenCross':
      return 'golden cross (MA20 crosses above MA50)';
    case 'deathCross':
      return 'death cross (MA20 crosses below MA50)';
    case 'rsiAbove':
      return `RSI(14) above ${rsiLevel(level ?? NaN)}`;
    case 'rsiBelow':
      return `RSI(14) below ${rsiLevel(level ?? NaN)}`;
  }
}

/** What happened, after the symbol, in the past tense of a firing: 'AAPL ' + describeFiring(...). */
export function describeFiring(condition: AlertCondition, level: number | null, currency: string): string {
  switch (condition) {
    case 'crossesAbove':
      return `crossed above ${formatMoney(level, currency)}`;
    case 'crossesBelow':
      return `crossed below ${formatMoney(level, currency)}`;
    case 'goldenCross':
      return 'golden cross: MA20 crossed above MA50';
    case 'deathCross':
      return 'death cross: MA20 crossed below MA50';
    case 'priceAbove':
    case 'priceBelow':
      return `is ${describeCondition(condition, level, currency)}`;
    case 'changeAbove':
      return `day's change is above ${formatSignedPercent(level)}`;
    case 'changeBelow':
      return `day's change is below ${formatSignedPercent(level)}`;
    case 'rsiAbove':
      return `RSI(14) is above ${rsiLevel(level ?? NaN)}`;
    case 'rsiBelow':
      return `RSI(14) is below ${rsiLevel(level ?? NaN)}`;
  }
}
