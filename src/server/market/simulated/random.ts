/**
 * Counter-based randomness: every draw is a pure function of (seed, index), so any minute of any symbol can be
 * computed directly, in any order, with the same result on every machine. No Math.random, no state.
 */

/** murmur3's 32-bit finalizer: a cheap, well-mixed bijection on 32-bit integers. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit seed from a string (FNV-1a, then mixed). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** 32 random bits for draw number `index` of stream `seed` (index: any integer below 2^53). */
export function bits(seed: number, index: number): number {
  const low = index >>> 0;
  const high = Math.floor(index / 4294967296) >>> 0;
  return fmix32(fmix32(low ^ seed) ^ Math.imul(high + 0x9e3779b9, 0x85ebca6b));
}

/** Uniform in (0, 1). */
export function uniform(seed: number, index: number): number {
  return (bits(seed, index) + 0.5) / 4294967296;
}

/** Standard normal (Box-Muller on two independent draws). */
export function normal(seed: number, index: number): number {
  const u1 = uniform(seed, 2 * index);
  const u2 = uniform(seed ^ 0x5bd1e995, 2 * index + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * Approximately standard normal from a single hash: the sum of its four bytes (Irwin-Hall). Used for the
 * hundreds of thousands of minute steps where Box-Muller's log and cos would dominate the cost.
 */
export function fastNormal(seed: number, index: number): number {
  const b = bits(seed, index);
  const sum = (b & 0xff) + ((b >>> 8) & 0xff) + ((b >>> 16) & 0xff) + (b >>> 24);
  // Four uniform bytes: mean 510, standard deviation sqrt(4 * (256^2 - 1) / 12).
  return (sum - 510) / 147.8005;
}
