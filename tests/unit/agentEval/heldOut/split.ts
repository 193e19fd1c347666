import { seeded } from '../../../../src/shared/seededRandom';
import { FAILURE_KINDS, failureKindOf, type FailureKind } from './shared';

/**
 * The split of the held-out set into a half to tune on and a half only to score: per failure kind, the ids in
 * sorted order are shuffled by a seeded generator (mulberry32, seeded from the kind's name and SPLIT_SEED) and the
 * first half goes to 'tune'. Deterministic, so anyone can check which half a question belongs to without running
 * the agent; a kind with an odd count gives the extra question to 'holdout'.
 */

export const SPLIT_SEED = 'issue-28 held-out 2025-01-15';

export type Half = 'tune' | 'holdout';

/** FNV-1a, 32 bits: a seed from a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Which half each id belongs to. */
export function splitHalves(ids: readonly string[]): Map<string, Half> {
  const byKind = new Map<FailureKind, string[]>(FAILURE_KINDS.map((k) => [k, []]));
  for (const id of ids) byKind.get(failureKindOf(id))?.push(id);
  const halves = new Map<string, Half>();
  for (const [kind, kindIds] of byKind) {
    const order = [...kindIds].sort();
    const random = seeded(hash(`${SPLIT_SEED}/${kind}`));
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const tuneCount = Math.floor(order.length / 2);
    order.forEach((id, i) => halves.set(id, i < tuneCount ? 'tune' : 'holdout'));
  }
  return halves;
}
