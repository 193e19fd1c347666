import { holdingsToCsv } from '../../../shared/portfolio/csv';
import type { ValuedHolding } from '../../../shared/portfolio/types';
import { saveFile } from '../../lib/saveFile';

/** "My Core Portfolio!" -> "my-core-portfolio". */
export function fileStem(name: string): string {
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
export function downloadHoldingsCsv(portfolioName: string, holdings: readonly ValuedHolding[], currency: string): void {
  saveFile(
    `${fileStem(portfolioName)}-holdings.csv`,
    new Blob([holdingsToCsv(holdings, currency)], { type: 'text/csv;charset=utf-8' }),
  );
}
