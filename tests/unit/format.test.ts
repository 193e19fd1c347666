import { describe, expect, it } from 'vitest';
import {
  formatMarketCap,
  formatPe,
  formatPrice,
  formatSignedChange,
  formatSignedPercent,
  formatUsd,
} from '../../src/shared/format';

describe('formatPrice', () => {
  it('always shows two decimals', () => {
    expect(formatPrice(5)).toBe('5.00');
    expect(formatPrice(0.456)).toBe('0.46');
    expect(formatPrice(999.994)).toBe('999.99');
  });
  it('adds thousands separators from 1,000', () => {
    expect(formatPrice(999.99)).toBe('999.99');
    expect(formatPrice(1000)).toBe('1,000.00');
    expect(formatPrice(1234567.891)).toBe('1,234,567.89');
  });
  it('never prints negative zero and says N/A for missing values', () => {
    expect(formatPrice(-0.001)).toBe('0.00');
    expect(formatPrice(-12.5)).toBe('-12.50');
    expect(formatPrice(null)).toBe('N/A');
    expect(formatPrice(Number.NaN)).toBe('N/A');
  });
});

describe('formatUsd', () => {
  it('prefixes the dollar sign', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(-3)).toBe('-$3.00');
    expect(formatUsd(undefined)).toBe('N/A');
  });
});

describe('signed change and percent', () => {
  it('shows a sign on both sides of zero and none on zero', () => {
    expect(formatSignedChange(1.234)).toBe('+1.23');
    expect(formatSignedChange(-1.235)).toBe('-1.24');
    expect(formatSignedChange(0)).toBe('0.00');
    expect(formatSignedPercent(0.5)).toBe('+0.50%');
    expect(formatSignedPercent(-12.345)).toBe('-12.35%');
    expect(formatSignedPercent(1234.5)).toBe('+1,234.50%');
  });
  it('treats values that round to zero as zero', () => {
    expect(formatSignedPercent(-0.001)).toBe('0.00%');
    expect(formatSignedPercent(0.004)).toBe('0.00%');
  });
});

describe('formatMarketCap', () => {
  it('uses T, B and M', () => {
    expect(formatMarketCap(2.85e12)).toBe('$2.85T');
    expect(formatMarketCap(512.3e9)).toBe('$512.30B');
    expect(formatMarketCap(45e6)).toBe('$45.00M');
    expect(formatMarketCap(1e9)).toBe('$1.00B');
  });
  it('moves to the next unit when rounding reaches it', () => {
    expect(formatMarketCap(999.999e9)).toBe('$1.00T');
    expect(formatMarketCap(999_999)).toBe('$1.00M');
  });
  it('shows small values in dollars and missing ones as N/A', () => {
    expect(formatMarketCap(950_000)).toBe('$950,000.00');
    expect(formatMarketCap(null)).toBe('N/A');
    expect(formatMarketCap(-5)).toBe('N/A');
  });
});

describe('formatPe', () => {
  it('shows two decimals or N/A', () => {
    expect(formatPe(28.456)).toBe('28.46');
    expect(formatPe(null)).toBe('N/A');
    expect(formatPe(-4)).toBe('N/A');
    expect(formatPe(0)).toBe('N/A');
  });
});
