/**
 * A field-by-field copy of an object with the same class: the start of each `clone()` of the walk's state, which
 * then copies the members it mutates (maps, lot queues, nested trackers). Immutable members (decimals, frozen
 * arrays) are shared.
 */
export function shallowCopy<T extends object>(value: T): T {
  return Object.assign(Object.create(Object.getPrototypeOf(value) as object) as T, value);
}
