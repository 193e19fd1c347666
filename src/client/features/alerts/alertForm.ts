import { CONDITION_RULES, hasLevel, type AlertCondition, type AlertFrequency } from '../../../shared/alerts/conditions';
import { MAX_NOTE_LENGTH, MAX_THROTTLE_SECONDS, MIN_THROTTLE_SECONDS } from '../../../shared/alerts/limits';
import { levelProblem } from '../../../shared/alerts/schemas';
import type { Alert } from '../../../shared/alerts/types';

/**
 * The alert dialog's fields and how they become the API's input (shared/alerts/schemas.ts). The dialog checks what
 * it can say in words next to a field (a missing level, an expiry in the past); the server checks the rest and its
 * message is shown as it comes.
 */
export interface AlertFormValues {
  symbol: string;
  condition: AlertCondition;
  /** The level as typed: a price, a percent or an RSI value (empty for the crossovers). */
  level: number | string;
  frequency: AlertFrequency;
  /** For "every time": the least minutes between two alerts. */
  intervalMinutes: number | string;
  /** A local date and time (the input's yyyy-mm-ddThh:mm), or empty for none. */
  expires: string;
  note: string;
}

export const CONDITION_OPTIONS: Array<{ value: AlertCondition; label: string }> = [
  { value: 'priceAbove', label: 'Price above' },
  { value: 'priceBelow', label: 'Price below' },
  { value: 'crossesAbove', label: 'Price crossing up' },
  { value: 'crossesBelow', label: 'Price crossing down' },
  { value: 'changeAbove', label: "Day's change % above" },
  { value: 'changeBelow', label: "Day's change % below" },
  { value: 'goldenCross', label: 'MA20 crosses above MA50' },
  { value: 'deathCross', label: 'MA20 crosses below MA50' },
  { value: 'rsiAbove', label: 'RSI(14) above' },
  { value: 'rsiBelow', label: 'RSI(14) below' },
];

export const FREQUENCY_OPTIONS: Array<{ value: AlertFrequency; label: string }> = [
  { value: 'once', label: 'Only once' },
  { value: 'daily', label: 'Once a day' },
  { value: 'throttle', label: 'Every time' },
];

/** What the level field is called for a condition, and its unit. */
export function levelLabel(condition: AlertCondition): string {
  switch (CONDITION_RULES[condition].measure) {
    case 'change':
      return "Day's change (%)";
    case 'rsi':
      return 'RSI level (0-100)';
    default:
      return 'Price level';
  }
}

/** A local datetime-local value for an ISO time (the input shows the viewer's own clock). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function emptyForm(symbol: string, level?: number): AlertFormValues {
  return {
    symbol,
    condition: 'priceAbove',
    level: level === undefined ? '' : Math.round(level * 100) / 100,
    frequency: 'once',
    intervalMinutes: 60,
    expires: '',
    note: '',
  };
}

export function formOf(alert: Alert): AlertFormValues {
  return {
    symbol: alert.symbol,
    condition: alert.condition,
    level: alert.level ?? '',
    frequency: alert.frequency,
    intervalMinutes: alert.intervalSeconds ? Math.round(alert.intervalSeconds / 60) : 60,
    expires: toLocalInput(alert.expiresAt),
    note: alert.note,
  };
}

const asNumber = (value: number | string): number | null =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** The field-by-field problems the dialog shows (Mantine form's validate). */
export function validateAlertForm(
  values: AlertFormValues,
  now = Date.now(),
): Partial<Record<keyof AlertFormValues, string>> {
  const errors: Partial<Record<keyof AlertFormValues, string>> = {};
  if (hasLevel(values.condition)) {
    const level = asNumber(values.level);
    if (level === null) errors.level = 'Enter a level';
    else {
      const problem = levelProblem(values.condition, level);
      if (problem) errors.level = problem;
    }
  }
  if (values.frequency === 'throttle') {
    const minutes = asNumber(values.intervalMinutes);
    const seconds = minutes === null ? NaN : minutes * 60;
    if (!Number.isFinite(seconds) || seconds < Math.max(60, MIN_THROTTLE_SECONDS) || seconds > MAX_THROTTLE_SECONDS) {
      errors.intervalMinutes = `Between 1 minute and ${MAX_THROTTLE_SECONDS / 60} minutes (a week)`;
    }
  }
  if (values.expires) {
    const at = new Date(values.expires).getTime();
    if (!Number.isFinite(at)) errors.expires = 'Enter a date and time';
    else if (at <= now) errors.expires = 'The expiry must be in the future';
  }
  if (values.note.length > MAX_NOTE_LENGTH) errors.note = `At most ${MAX_NOTE_LENGTH} characters`;
  return errors;
}

/** The API input for the form's values (create; an edit sends the same fields with the id). */
export function alertInput(values: AlertFormValues) {
  const throttle = values.frequency === 'throttle';
  return {
    symbol: values.symbol,
    condition: values.condition,
    level: hasLevel(values.condition) ? asNumber(values.level) : null,
    frequency: values.frequency,
    intervalSeconds: throttle ? Math.round(Number(values.intervalMinutes) * 60) : null,
    note: values.note.trim(),
    expiresAt: values.expires ? new Date(values.expires).toISOString() : null,
  };
}
