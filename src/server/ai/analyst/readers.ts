import { buildSymbolIndex, type Instrument } from './entities/symbolIndex';
import { intentModel } from './intents/classifier';
import type { Readers } from './reading';

/**
 * The analyst's readers for a market universe: the intent model (one per process) and the symbol index, built once
 * per universe (the list's identity: a grown universe is a new list and gets a new index).
 */
const byUniverse = new WeakMap<readonly Instrument[], Readers>();

export function readersFor(universe: readonly Instrument[]): Readers {
  let readers = byUniverse.get(universe);
  if (!readers) {
    const model = intentModel();
    readers = { model, index: buildSymbolIndex(universe, model.vocabulary) };
    byUniverse.set(universe, readers);
  }
  return readers;
}
