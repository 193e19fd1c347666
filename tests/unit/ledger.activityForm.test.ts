import { describe, expect, it } from 'vitest';
import { emptyValues, fieldErrors } from '../../src/client/features/portfolio/ledger/activityFields';
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
