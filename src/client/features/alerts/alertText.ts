import { CONDITION_RULES, type AlertCondition, type AlertFrequency } from '../../../shared/alerts/conditions';
import type { Alert, AlertStatus } from '../../../shared/alerts/types';
import { formatMoney, formatSignedPercent } from '../../../shared/format';

/** Alerts in the screens' words: a measure's value, the frequency, the status and its colour, a time. */

export function formatMeasure(condition: AlertCondition, value: number, currency: string): string {
  switch (CONDITION_RULES[condition].measure) {
    case 'change':
      return formatSignedPercent(value);
    case 'rsi':
      return `RSI ${value.toFixed(1)}`;
    case 'ma':
      return `MA20 - MA50 ${value.toFixed(2)}`;
    default:
      return formatMoney(value, currency);
  }
}

export function frequencyText(alert: Pick<Alert, 'frequency' | 'intervalSeconds'>): string {
  const words: Record<AlertFrequency, string> = { once: 'Only once', daily: 'Once a day', throttle: 'Every time' };
  if (alert.frequency !== 'throttle' || !alert.intervalSeconds) return words[alert.frequency];
  const minutes = Math.round(alert.intervalSeconds / 60);
  return minutes >= 60 && minutes % 60 === 0
    ? `Every time, at most hourly${minutes > 60 ? ` (${minutes / 60} h)` : ''}`
    : `Every time, at most every ${minutes} min`;
}

export const STATUS_TEXT: Record<AlertStatus, { label: string; color: string }> = {
  armed: { label: 'Armed', color: 'green' },
  paused: { label: 'Paused', color: 'gray' },
  triggered: { label: 'Triggered', color: 'blue' },
  expired: { label: 'Expired', color: 'gray' },
  stopped: { label: 'Stopped', color: 'orange' },
};

export function formatAlertTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
