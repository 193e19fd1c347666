import { toMajorUnit } from '../../market/currency';

/**
 * DEGIRO names products by ISIN only. Until the market can look an ISIN up, the US listings the built-in market
 * knows are mapped here (each code checked by its Luhn check digit in the unit tests); any other ISIN fails its row
 * with the product's name, never a guess.
 */
const BY_ISIN: Readonly<Record<string, string>> = {
  US0378331005: 'AAPL', US5949181045: 'MSFT', US0231351067: 'AMZN', US67066G1040: 'NVDA', US02079K3059: 'GOOGL',
  US30303M1027: 'META', US88160R1014: 'TSLA', US1912161007: 'KO', US4781601046: 'JNJ', US46625H1005: 'JPM',
  US92826C8394: 'V', US7427181091: 'PG', US78462F1030: 'SPY', US46090E1038: 'QQQ', US9229083632: 'VOO',
  US64110L1061: 'NFLX', US0079031078: 'AMD', US4581401001: 'INTC', US2546871060: 'DIS', US5801351017: 'MCD',
  US7134481081: 'PEP', US30231G1022: 'XOM', US1667641005: 'CVX', US7170811035: 'PFE', US0605051046: 'BAC',
  US17275R1023: 'CSCO', US68389X1054: 'ORCL', US00724F1012: 'ADBE', US79466L3024: 'CRM', US22160K1051: 'COST',
  US4370761029: 'HD', US6541061031: 'NKE', US4592001014: 'IBM', US0846707026: 'BRK.B', US00206R1023: 'T',
  US92343V1044: 'VZ', US57636Q1040: 'MA', US91324P1021: 'UNH', US5324571083: 'LLY', US58933Y1055: 'MRK',
  US00287Y1091: 'ABBV', US0970231058: 'BA', US1491231015: 'CAT', US3453708600: 'F', US8552441094: 'SBUX',
  US70450Y1038: 'PYPL', US11135F1012: 'AVGO', US7475251036: 'QCOM', US5951121038: 'MU', US38141G1040: 'GS',
  US0258161092: 'AXP',
  // The most held funds (issue 27 §5): what real files of European investors hold besides single stocks.
  US9229087690: 'VTI', US8085247976: 'SCHD', US9219378356: 'BND', US9219097683: 'VXUS', US4642872000: 'IVV',
}; // prettier-ignore

/**
 * Listings abroad, by ISIN and then by the currency the row trades in: one ISIN is one fund, listed in several
 * places (VWRL in London in pounds, in Amsterdam in euros), and the row's currency says which listing it bought.
 * Trading 212 and IBKR write the bare ticker ("VWRL"), which the market knows only with its suffix.
 */
const ABROAD: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  IE00B3RBWM25: { GBP: 'VWRL.L', EUR: 'VWRL.AS' },
  IE00B3XXRP09: { GBP: 'VUSA.L' },
  IE00B5BMR087: { USD: 'CSPX.L' },
  IE00BK5BQT80: { EUR: 'VWCE.DE' },
  DE0007164600: { EUR: 'SAP.DE' },
  NL0010273215: { EUR: 'ASML.AS' },
  GB00BP6MXD84: { GBP: 'SHEL.L' },
};

export const KNOWN_ISINS = [...Object.keys(BY_ISIN), ...Object.keys(ABROAD)];

/** True when the text is an ISIN whose check digit is right (letters as 10-35, Luhn over the digits). */
export function isValidIsin(text: string): boolean {
  if (!/^[A-Z]{2}[A-Z0-9]{9}\d$/.test(text)) return false;
  const digits = [...text].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The listing abroad an ISIN names in a currency (pence read as pounds); null when it is not one of them. */
export function listingAbroad(isin: string, currency: string | null | undefined): string | null {
  const listings = ABROAD[isin.trim().toUpperCase()];
  if (!listings || !currency) return null;
  return listings[toMajorUnit(currency.trim()).currency] ?? null;
}

/** The ticker of an ISIN: the listing abroad traded in `currency`, else the US listing; null when unknown. */
export const symbolOfIsin = (isin: string, currency?: string | null): string | null =>
  listingAbroad(isin, currency) ?? BY_ISIN[isin.trim().toUpperCase()] ?? null;

/** Every ticker the tables name (the unit tests check the built-in market knows each one). */
export const ISIN_SYMBOLS = [
  ...Object.values(BY_ISIN),
  ...Object.values(ABROAD).flatMap((listings) => Object.values(listings)),
];
