/**
 * Sorts the first `n` (key, id) pairs of two parallel typed arrays by key, ids breaking ties: what an index built
 * from a table does once, instead of n inserts that each move the entries after them.
 */
export function sortPairs(keys: Float64Array, ids: Int32Array, n: number): void {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => keys[a] - keys[b] || ids[a] - ids[b]);
  const sortedKeys = new Float64Array(n);
  const sortedIds = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    sortedKeys[i] = keys[order[i]];
    sortedIds[i] = ids[order[i]];
  }
  keys.set(sortedKeys);
  ids.set(sortedIds);
}
