import { LOCAL_STOCKS } from '../../shared/market/localStocks';
import type { Instrument } from './analyst/entities/symbolIndex';

/**
 * The instruments the market layer lists by name: the simulated market's whole universe and the Yahoo provider's
 * search fallback (shared/market/localStocks.ts). The analyst resolves names and typos against it; a bigger
 * universe there is picked up as it is, with its index built once.
 */
export function marketUniverse(): readonly Instrument[] {
  return LOCAL_STOCKS;
}
