import { describe, expect, it } from 'vitest';
import { chartColors, MA50_DASH } from '../../src/client/features/chart/chartTheme';

/** WCAG 2 relative luminance and contrast ratio of #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const SURFACE = { light: '#ffffff', dark: '#242424' } as const;

describe('chart colours', () => {
  for (const scheme of ['light', 'dark'] as const) {
    const colors = chartColors(scheme);

    it(`${scheme}: every line is at least 3:1 against the chart surface`, () => {
      for (const key of ['up', 'down', 'ma20', 'ma50', 'drawnLine'] as const) {
        expect(contrast(colors[key], SURFACE[scheme]), key).toBeGreaterThanOrEqual(3);
      }
    });

    it(`${scheme}: the rising and the falling price line are at least 3:1 against both moving averages`, () => {
      for (const price of ['up', 'down'] as const) {
        for (const average of ['ma20', 'ma50'] as const) {
          expect(contrast(colors[price], colors[average]), `${price} vs ${average}`).toBeGreaterThanOrEqual(3);
        }
      }
    });
  }

  it('tells MA50 from MA20 by its dashes as well as its hue', () => {
    expect(MA50_DASH.length).toBe(2);
    expect(chartColors('light').ma20).not.toBe(chartColors('light').ma50);
  });
});
