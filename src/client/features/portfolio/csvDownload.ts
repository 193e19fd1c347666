import { holdingsToCsv } from '../../../shared/portfolio/csv';
import type { ValuedHolding } from '../../../shared/portfolio/types';

/** "My Core Portfolio!" -> "my-core-portfolio". */
function fileStem(name: string): string {
  return (
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'portfolio'
  );
}

/** Saves the holdings as a CSV file the import reads back as it is. */
export function downloadHoldingsCsv(portfolioName: string, holdings: readonly ValuedHolding[]): void {
  const url = URL.createObjectURL(new Blob([holdingsToCsv(holdings)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileStem(portfolioName)}-holdings.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; release it once this task is done.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
