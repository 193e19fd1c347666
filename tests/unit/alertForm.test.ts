import { describe, expect, it } from 'vitest';
import {
  alertInput,
  emptyForm,
  formOf,
  validateAlertForm,
  type AlertFormValues,
} from '../../src/client/features/alerts/alertForm';
import { createAlertSchema } from '../../src/shared/alerts/schemas';
import type { Alert } from '../../src/shared/alerts/types';

/** The alert dialog's fields: its messages, and that what it sends is what the API accepts. */

const NOW = Date.parse('2026-11-28T12:00:00Z');
const form = (values: Partial<AlertFormValues>): AlertFormValues => ({ ...emptyForm('AAPL', 190.123), ...values });

describe('the alert dialog’s form', () => {
  it('starts at the level it was opened with, rounded to the cent', () => {
    expect(emptyForm('AAPL', 190.126)).toMatchObject({ symbol: 'AAPL', condition: 'priceAbove', level: 190.13 });
    expect(emptyForm('AAPL').level).toBe('');
  });

  it('says what is wrong beside each field', () => {
    expect(validateAlertForm(form({ level: '' }), NOW)).toEqual({ level: 'Enter a level' });
    expect(validateAlertForm(form({ level: -3 }), NOW).level).toBe('A price level must be a positive price');
    expect(validateAlertForm(form({ condition: 'rsiAbove', level: 120 }), NOW).level).toBe(
      'An RSI level is between 0 and 100',
    );
    expect(validateAlertForm(form({ condition: 'changeBelow', level: -150 }), NOW).level).toMatch(/percent above -100/);
    // The crossovers have no level: an empty one is fine.
    expect(validateAlertForm(form({ condition: 'goldenCross', level: '' }), NOW)).toEqual({});
    expect(validateAlertForm(form({ frequency: 'throttle', intervalMinutes: '' }), NOW).intervalMinutes).toMatch(
      /Between 1 minute/,
    );
    expect(validateAlertForm(form({ frequency: 'throttle', intervalMinutes: 20_000 }), NOW).intervalMinutes).toMatch(
      /a week/,
    );
    expect(validateAlertForm(form({ expires: '2026-11-27T10:00' }), NOW).expires).toBe(
      'The expiry must be in the future',
    );
    expect(validateAlertForm(form({ note: 'x'.repeat(501) }), NOW).note).toBe('At most 500 characters');
    expect(validateAlertForm(form({}), NOW)).toEqual({});
  });

  it('sends what the API accepts, for every condition and frequency', () => {
    for (const values of [
      form({ note: '  trimmed  ' }),
      form({ condition: 'crossesBelow', frequency: 'daily', expires: '2027-01-15T09:30' }),
      form({ condition: 'changeAbove', level: 3.5, frequency: 'throttle', intervalMinutes: 15 }),
      form({ condition: 'deathCross', level: '' }),
      form({ condition: 'rsiBelow', level: 30 }),
    ]) {
      const input = alertInput(values);
      const parsed = createAlertSchema.safeParse(input);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
    expect(alertInput(form({ note: '  trimmed  ' })).note).toBe('trimmed');
    expect(alertInput(form({ frequency: 'throttle', intervalMinutes: 15 })).intervalSeconds).toBe(900);
    expect(alertInput(form({ condition: 'goldenCross' })).level).toBeNull();
  });

  it('opens an existing alert with its own values', () => {
    const alert = {
      id: 1,
      symbol: 'TSLA',
      condition: 'changeBelow',
      level: -5,
      frequency: 'throttle',
      intervalSeconds: 3600,
      note: 'n',
      channels: null,
      expiresAt: null,
      status: 'armed',
      nextEligibleAt: null,
      fireCount: 0,
      lastFiredAt: null,
      createdAt: '',
      updatedAt: '',
    } satisfies Alert;
    expect(formOf(alert)).toEqual({
      symbol: 'TSLA',
      condition: 'changeBelow',
      level: -5,
      frequency: 'throttle',
      intervalMinutes: 60,
      expires: '',
      note: 'n',
    });
  });
});
