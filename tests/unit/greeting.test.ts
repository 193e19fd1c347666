import { describe, expect, it } from 'vitest';
import { greetingFor } from '../../src/shared/greeting';

describe('greetingFor (product.md §2: morning before 12, afternoon before 18, otherwise evening)', () => {
  it.each([
    [0, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [17, 'Good afternoon'],
    [18, 'Good evening'],
    [23, 'Good evening'],
  ])('hour %i -> %s', (hour, expected) => {
    expect(greetingFor(hour)).toBe(expected);
  });
});
