import { describe, expect, it } from 'vitest';
import {
  defaultCurrency,
  emptyValues,
  fieldErrors,
  inputOf,
  labelOf,
} from '../../src/client/features/portfolio/ledger/activityFields';
import { LEDGER_MESSAGES as L } from '../../src/shared/portfolio/ledger/schemas';

/** The activity form says what the server would (issue 26: no date before 1970-01-01), before asking it. */

describe('the activity form', () => {
  const deposit = { ...emptyValues('2026-11-27'), type: 'deposit' as const, amount: '10' };

  it('refuses a date before 1970-01-01 with the server’s message, and takes 1970-01-01', () => {
    expect(fieldErrors({ ...deposit, date: '1969-12-31' }, '2026-11-27')).toEqual({ date: L.dateTooEarly });
    expect(fieldErrors({ ...deposit, date: '0100-01-01' }, '2026-11-27').date).toBe(L.dateTooEarly);
    expect(fieldErrors({ ...deposit, date: '1970-01-01' }, '2026-11-27')).toEqual({});
  });
});

describe('the activity form’s currency (issue 27 §3)', () => {
  const buy = { ...emptyValues('2026-11-27'), symbol: 'sap.de', quantity: '2', price: '200' };
  const deposit = { ...emptyValues('2026-11-27'), type: 'deposit' as const, amount: '1000' };

  it('defaults to the listing’s currency for a symbol and to the base for cash, and sends it', () => {
    expect(defaultCurrency(buy, 'USD')).toBe('EUR');
    expect(defaultCurrency({ ...buy, symbol: 'AAPL' }, 'EUR')).toBe('USD');
    expect(defaultCurrency(deposit, 'GBP')).toBe('GBP');
    expect(inputOf(buy, 'USD')).toMatchObject({ symbol: 'SAP.DE', price: '200', currency: 'EUR' });
    expect(inputOf({ ...deposit, currency: 'EUR' }, 'USD').currency).toBe('EUR');
  });

  it('leaves a listing it cannot convert to the server, and refuses a currency outside the list', () => {
    // A Hong Kong listing (HKD): no default, so the server answers its sentence naming the currencies converted.
    expect(inputOf({ ...buy, symbol: '0700.HK' }, 'USD').currency).toBeNull();
    expect(fieldErrors({ ...deposit, currency: 'SEK' }, '2026-11-27').currency).toBe(
      'Currency must be one of USD, EUR, GBP, CHF, CAD or JPY',
    );
    expect(fieldErrors({ ...deposit, currency: 'CHF' }, '2026-11-27')).toEqual({});
  });

  it('asks for the cost per share of shares transferred in, the price per share of a buy', () => {
    expect(labelOf('transfer_in', 'price')).toBe('Cost per share');
    expect(labelOf('buy', 'price')).toBe('Price per share');
  });
});
