import type { PortfolioRule } from '../context';
import { percentText, round1, unavailable } from '../context';

/** One sector's bad year (rates for banks, a chip cycle for tech) should not dominate the portfolio. */
export const SECTOR_MAX_PERCENT = 40;

const META = { key: 'sectorConcentration', title: 'Sector concentration' } as const;

export const sectorConcentrationRule: PortfolioRule = {
  ...META,
  evaluate({ positions }) {
    if (positions.length === 0) return unavailable(META, SECTOR_MAX_PERCENT, 'percent');
    const bySector = new Map<string, number>();
    for (const p of positions) {
      if (!p.diversifiedFund) bySector.set(p.group, (bySector.get(p.group) ?? 0) + p.weight);
    }
    const [sector, weight] = [...bySector].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
    if (sector === null) {
      return {
        ...META,
        status: 'pass',
        value: 0,
        threshold: SECTOR_MAX_PERCENT,
        unit: 'percent',
        sentence: `Every holding is a fund or index spread across sectors, so no sector reaches the ${SECTOR_MAX_PERCENT}% limit.`,
      };
    }
    const warn = round1(weight) > SECTOR_MAX_PERCENT;
    return {
      ...META,
      status: warn ? 'warn' : 'pass',
      value: round1(weight),
      threshold: SECTOR_MAX_PERCENT,
      unit: 'percent',
      sentence: `${sector} is your largest sector at ${percentText(weight)} of the portfolio, ${
        warn ? 'above' : 'within'
      } the ${SECTOR_MAX_PERCENT}% limit for one sector.`,
    };
  },
};
