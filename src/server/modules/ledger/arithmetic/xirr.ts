import { dayNumber } from './dates';

/**
 * The money-weighted return: the annual rate r at which the flows' present values sum to zero,
 * Σ a_i (1 + r)^(−t_i) = 0 with t_i in years of 365 days from the first flow (Excel's XIRR convention).
 *
 * Solved in x = ln(1 + r) rather than in r: every real x is a rate above −100 %, so there is no pole to step over
 * and a return near −100 % (x far below zero) is as well resolved as any other, where searching in r would meet
 * NaN or a sentinel. Each term is scaled by e^(−m(x)), m the largest exponent, which keeps the sum finite without
 * changing its sign or its roots. A scan outward from x = 0 brackets the root nearest 0 % (the meaningful one when a
 * sequence of flows has several), then Brent's method narrows it.
 *
 * Null means "not meaningful": fewer than two flows, all of one sign, all on one day, or no rate up to x = 700
 * (e^700: a rate beyond any use). Downward the scan goes much further, since the scaled sum stays finite there: a
 * loss that rounds to −100 % in a double is still an answer (−1), not a missing one.
 */
const DAYS_PER_YEAR = 365;
const X_HIGH = 700;
const X_LOW = -1e6;
const X_TOLERANCE = 1e-14;

export function xirr(flows: ReadonlyArray<{ date: string; amount: number }>): number | null {
  const days: number[] = [];
  const amounts: number[] = [];
  for (const flow of flows) {
    const day = dayNumber(flow.date);
    if (day === null || !Number.isFinite(flow.amount)) return null;
    if (flow.amount === 0) continue;
    days.push(day);
    amounts.push(flow.amount);
  }
  if (!amounts.some((a) => a > 0) || !amounts.some((a) => a < 0)) return null;
  const first = Math.min(...days);
  const years = days.map((day) => (day - first) / DAYS_PER_YEAR);
  const span = Math.max(...years);
  if (span === 0) return null;

  const g = (x: number): number => {
    const scale = x < 0 ? -x * span : 0;
    let sum = 0;
    for (let i = 0; i < amounts.length; i++) sum += amounts[i] * Math.exp(-x * years[i] - scale);
    return sum;
  };

  const bracket = scanForBracket(g);
  if (!bracket) return null;
  const x = brent(g, bracket[0], bracket[1]);
  const rate = Math.expm1(x);
  return Number.isFinite(rate) ? rate : null;
}

/** Steps outward from 0 on both sides, each step 25 % longer, and answers the first sign change nearest 0. */
function scanForBracket(g: (x: number) => number): [number, number] | null {
  const atZero = g(0);
  if (atZero === 0) return [0, 0];
  let [up, down] = [0, 0];
  let [gUp, gDown] = [atZero, atZero];
  for (let step = 1e-3; up < X_HIGH || down > X_LOW; step *= 1.25) {
    const [nextUp, nextDown] = [Math.min(up + step, X_HIGH), Math.max(down - step, X_LOW)];
    const [gNextUp, gNextDown] = [g(nextUp), g(nextDown)];
    if (Math.sign(gNextUp) !== Math.sign(gUp)) return [up, nextUp];
    if (Math.sign(gNextDown) !== Math.sign(gDown)) return [nextDown, down];
    [up, down, gUp, gDown] = [nextUp, nextDown, gNextUp, gNextDown];
  }
  return null;
}

/** Brent's method (inverse quadratic interpolation, secant, bisection) on a bracket [a, b] where g changes sign. */
function brent(g: (x: number) => number, a0: number, b0: number): number {
  let [a, b] = [a0, b0];
  let [fa, fb] = [g(a), g(b)];
  if (fa === 0) return a;
  if (fb === 0) return b;
  let [c, fc] = [a, fa];
  let d = b - a;
  let e = d;
  for (let i = 0; i < 200; i++) {
    if (Math.sign(fb) === Math.sign(fc)) {
      [c, fc] = [a, fa];
      d = e = b - a;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      [a, b, c] = [b, c, b];
      [fa, fb, fc] = [fb, fc, fb];
    }
    const tolerance = 2 * Number.EPSILON * Math.abs(b) + X_TOLERANCE / 2;
    const half = (c - b) / 2;
    if (Math.abs(half) <= tolerance || fb === 0) return b;
    if (Math.abs(e) >= tolerance && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * half * s;
        q = 1 - s;
      } else {
        const [qa, r] = [fa / fc, fb / fc];
        p = s * (2 * half * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * half * q - Math.abs(tolerance * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = half;
        e = d;
      }
    } else {
      d = half;
      e = d;
    }
    [a, fa] = [b, fb];
    b += Math.abs(d) > tolerance ? d : half > 0 ? tolerance : -tolerance;
    fb = g(b);
  }
  return b;
}
