import { describe, expect, it } from 'vitest';
import { percentOf } from '../../src/server/modules/portfolios/money';
import { Dec } from '../../src/shared/portfolio/decimal';

/**
 * percentOf answers from binary floats where they cannot differ from the exact answer, and divides exactly where
 * they might (near a half of a hundredth, out of range). Checked against the exact division at 50 digits with
 * banker's rounding (Dec), on ties, values next to ties, signs, sizes, and many pseudo-random money amounts.
 */
const exact = (part: Dec, whole: Dec): string => {
  const text = part.div(whole).times(100).toFixed(2);
  return text === '-0.00' ? '0.00' : text;
};

function check(part: string, whole: string): void {
  expect(percentOf(new Dec(part), new Dec(whole)), `${part} / ${whole}`).toBe(exact(new Dec(part), new Dec(whole)));
}

describe('percentOf', () => {
  it('rounds ties to even, as the exact division does', () => {
    check('12.125', '100'); // 12.125 % → 12.12
    check('12.135', '100'); // → 12.14
    check('-12.125', '100');
    check('1', '8'); // 12.5 %
    check('1', '800'); // 0.125 % → 0.12
    check('3', '800'); // 0.375 % → 0.38
    check('-0.00004', '1'); // -0.004 % → 0.00, never -0.00
    check('0.00005', '1'); // 0.005 % → 0.00 (tie, even)
    check('0.00015', '1'); // 0.015 % → 0.02
  });

  it('agrees next to ties, where the float path must give way', () => {
    check('0.121250000000000000000001', '1');
    check('0.121249999999999999999999', '1');
    check('12124.9999999999', '100000');
    check('12125.0000000001', '100000');
  });

  it('agrees on ordinary, huge and tiny values and on every sign', () => {
    check('1', '3');
    check('2', '3');
    check('-2', '3');
    check('2', '-3');
    check('0', '7');
    check('123456789.12345678', '0.00000001');
    check('0.00000001', '123456789.12345678');
    check('99999999999999999999', '3');
  });

  it('agrees on 20,000 pseudo-random money amounts (gains over costs, values over totals)', () => {
    let seed = 29;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    const amount = () => {
      const cents = next() % 100;
      const units = next() % (next() % 3 === 0 ? 1_000_000 : 1000);
      return `${next() % 5 === 0 ? '-' : ''}${units}.${String(cents).padStart(2, '0')}${next() % 7}`;
    };
    let mismatches = 0;
    for (let i = 0; i < 20_000; i++) {
      const part = new Dec(amount());
      const whole = new Dec(amount());
      if (whole.isZero()) continue;
      if (percentOf(part, whole) !== exact(part, whole)) mismatches++;
    }
    expect(mismatches).toBe(0);
  });
});
