import { UNIVERSE } from '../market/universe';
import type { Instrument } from './analyst/entities/symbolIndex';

/**
 * The instruments the market layer lists by name (server/market/universe: the S&P 500, the common US funds,
 * money-market funds and some listings abroad): what the simulated market quotes, and the names any provider's
 * symbols are known by. The analyst resolves names and typos against it; its index is built once for this list.
 */
export function marketUniverse(): readonly Instrument[] {
  return UNIVERSE;
}
