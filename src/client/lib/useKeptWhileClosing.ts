import { useState } from 'react';

/**
 * The last non-null value: a dialog opened for an item keeps showing that item while it animates closed, instead of
 * flashing a placeholder title once the item is cleared.
 */
export function useKeptWhileClosing<T>(value: T | null): T | null {
  const [kept, setKept] = useState(value);
  if (value !== null && value !== kept) setKept(value);
  return value ?? kept;
}
