import { POPULAR_STOCKS } from '../../../shared/market/localStocks';
import { UNIVERSE, type Instrument } from './instruments';
import { SymbolSearchIndex } from './searchIndex';

export { findInstrument, UNIVERSE, type Instrument } from './instruments';
export type { DividendHabit, EarningsHabit } from './habits';

let index: SymbolSearchIndex<Instrument> | null = null;

/**
 * The search index, built on first use: some tens of milliseconds, so the simulated market builds it when it starts
 * rather than in the first search request, and a server on Yahoo never pays for it.
 */
export function universeIndex(): SymbolSearchIndex<Instrument> {
  index ??= new SymbolSearchIndex(UNIVERSE, new Set(POPULAR_STOCKS.map((s) => s.symbol)));
  return index;
}

/** The universe's best matches for a ticker or name, ranked like the built-in lists' search (see searchIndex.ts). */
export function searchUniverse(query: string, limit: number): Instrument[] {
  return universeIndex().search(query, limit);
}
