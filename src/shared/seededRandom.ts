/**
 * mulberry32: a small seeded generator of floats in [0, 1), so what is drawn is the same on every run (random test
 * inputs, the agent's held-out split). The intent classifier's grammar keeps its own copy: its source text is part of
 * the trained model's hash (analyst/intents/grammar.ts).
 */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
