import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { solvePuzzle, workInput } from '../../src/shared/captcha/proofOfWork';
import { sha256Hex } from '../../src/shared/captcha/sha256';

const nodeSha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the browser SHA-256', () => {
  it('agrees with node:crypto on every message length around the block edges, and on UTF-8', () => {
    for (let length = 0; length <= 130; length++) {
      const text = 'abcdefghij'.repeat(14).slice(0, length);
      expect(sha256Hex(text), `length ${length}`).toBe(nodeSha256(text));
    }
    expect(sha256Hex('héllo wörld ✓')).toBe(nodeSha256('héllo wörld ✓'));
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('solvePuzzle', () => {
  const salt = 'Zm9vYmFyYmF6cXV4cXV1eA';
  const puzzle = (n: number, max: number) => ({ salt, target: nodeSha256(workInput(salt, n)), max });

  it('finds the number, across digit-count changes (9 -> 10, 99 -> 100, ...)', () => {
    for (const n of [0, 9, 10, 99, 100, 999, 1000, 12_345]) expect(solvePuzzle(puzzle(n, 20_000)), String(n)).toBe(n);
  });

  it('answers null when the number is not below max, or the puzzle is not one of ours', () => {
    expect(solvePuzzle(puzzle(500, 500))).toBeNull();
    expect(solvePuzzle({ salt, target: 'not hex', max: 10 })).toBeNull();
    expect(solvePuzzle({ salt: 'has space', target: nodeSha256('x'), max: 10 })).toBeNull();
  });

  it('reports progress as the share of the range searched', () => {
    const seen: number[] = [];
    expect(solvePuzzle(puzzle(9_999, 10_000), { onProgress: (s) => seen.push(s), progressEvery: 2500 })).toBe(9_999);
    expect(seen).toEqual([0.25, 0.5, 0.75]);
  });
});
