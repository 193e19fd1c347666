import { TextInput } from '@mantine/core';
import { DATE_TOO_EARLY_MESSAGE, MIN_ACTIVITY_DATE, utcDay } from '../../../../shared/portfolio/ledger/days';

/**
 * The purchase date of a holding (issue 27): optional in Add Stock, where leaving it empty brings the shares in at
 * their market value today (decision 022), required when dating shares added without one.
 */

export const todayUtc = () => utcDay(Date.now());

/** The same rules as the server: a calendar day from 1970-01-01, not after today (UTC). */
export function purchaseDateError(value: string, required: boolean): string | null {
  if (value === '') return required ? 'Purchase date is required' : null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Purchase date must be a calendar date';
  if (value > todayUtc()) return 'Purchase date cannot be in the future';
  if (value < MIN_ACTIVITY_DATE) return DATE_TOO_EARLY_MESSAGE;
  return null;
}

interface Props {
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  showError: boolean;
}

export function PurchaseDateField({ value, onChange, required = false, showError }: Props) {
  return (
    <TextInput
      label={required ? 'Purchase date' : 'Purchase date (optional)'}
      type="date"
      required={required}
      min={MIN_ACTIVITY_DATE}
      max={todayUtc()}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={showError ? purchaseDateError(value, required) : null}
      description={
        required
          ? 'The shares count as bought on this day at their average price: their gain since then becomes return.'
          : 'Without a date the shares count from today at their market value; their gain so far shows as unrealised gain.'
      }
    />
  );
}
