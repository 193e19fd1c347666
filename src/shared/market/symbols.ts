/**
 * Symbol syntax accepted by the market calls. Wider than TICKER_PATTERN (what a person may type raw, product.md §5):
 * the API must also take indices (^IXIC), share classes (BRK.B), crypto pairs (BTC-USD), currencies (EURUSD=X),
 * futures (GC=F) and foreign listings (OCDO.L, 0P000071W8.TO). Anything else never reaches a provider.
 */
export const SYMBOL_PATTERN = /^\^?[A-Z0-9]+(?:[.\-=][A-Z0-9]+)*=?$/;
export const MAX_SYMBOL_LENGTH = 20;

/** Trimmed and upper-cased, as every market call treats a symbol. */
export function normalizeSymbol(raw: string): string {
  return raw.trim().toUpperCase();
}

/** True when the (already normalized) symbol has a shape some market could list. */
export function isValidSymbol(symbol: string): boolean {
  return symbol.length > 0 && symbol.length <= MAX_SYMBOL_LENGTH && SYMBOL_PATTERN.test(symbol);
}
