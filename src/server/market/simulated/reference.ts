import { UNIVERSE, type Instrument } from '../universe';

/**
 * Reference data of the simulated market: one row per symbol of the built-in universe (server/market/universe, read
 * from its data files), keyed by symbol, the ~70 built-in names first. Price levels, market caps, P/E ratios and
 * dividend yields are rounded, realistic orders of magnitude for illustration only; the simulated prices wander
 * around `price` with the given volatility, beta and yearly growth.
 */
export type ReferenceRow = Instrument;

export const REFERENCE: Readonly<Record<string, ReferenceRow>> = Object.fromEntries(UNIVERSE.map((i) => [i.symbol, i]));
