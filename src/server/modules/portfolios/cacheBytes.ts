/**
 * Estimates of the heap a cached value holds, for the caches bounded by bytes (lru-cache's maxSize): JavaScript
 * keeps strings in one or two bytes a character and objects cost tens of bytes more, so these are rough, but they
 * grow with what is kept, which is what a bound needs.
 */

/** A string held in the heap. */
export const textBytes = (text: string) => 32 + 2 * text.length;

/** Any plain answer, by the length of its JSON (taken once, when the answer is stored). */
export function jsonBytes(value: unknown): number {
  try {
    return 64 + 2 * (JSON.stringify(value)?.length ?? 0);
  } catch {
    return 64;
  }
}
