import type { CurrencyCode } from '../../../shared/market/types';

export interface Exchange {
  /** Display name, as Yahoo's `exchDisp` writes it. */
  display: string;
  /** Yahoo's exchange code (`exch`). */
  code: string;
  /** The currency its listings trade in, unless a row says otherwise (a dollar line in London). */
  currency: CurrencyCode;
}

/** The exchanges the data files name, by the short key their rows use. */
export const EXCHANGES: Readonly<Record<string, Exchange>> = {
  NASDAQ: { display: 'NASDAQ', code: 'NMS', currency: 'USD' },
  NYSE: { display: 'NYSE', code: 'NYQ', currency: 'USD' },
  ARCA: { display: 'NYSEArca', code: 'PCX', currency: 'USD' },
  BATS: { display: 'BATS', code: 'BTS', currency: 'USD' },
  /** Mutual funds (the money-market funds) are priced by Nasdaq's fund service. */
  FUND: { display: 'Nasdaq', code: 'NAS', currency: 'USD' },
  GIDS: { display: 'Nasdaq GIDS', code: 'NIM', currency: 'USD' },
  DJI: { display: 'DJI', code: 'DJI', currency: 'USD' },
  SNP: { display: 'SNP', code: 'SNP', currency: 'USD' },
  CCC: { display: 'CCC', code: 'CCC', currency: 'USD' },
  XETRA: { display: 'XETRA', code: 'GER', currency: 'EUR' },
  AMS: { display: 'Amsterdam', code: 'AMS', currency: 'EUR' },
  PAR: { display: 'Paris', code: 'PAR', currency: 'EUR' },
  SIX: { display: 'Swiss', code: 'EBS', currency: 'CHF' },
  /** London: prices in pounds here, though the exchange (and Yahoo) quotes most shares in pence. */
  LSE: { display: 'LSE', code: 'LSE', currency: 'GBP' },
  TSX: { display: 'Toronto', code: 'TOR', currency: 'CAD' },
  TYO: { display: 'Tokyo', code: 'JPX', currency: 'JPY' },
};
