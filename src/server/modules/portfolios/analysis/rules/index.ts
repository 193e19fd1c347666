import type { PortfolioRule } from '../context';
import { betaRule } from './beta';
import { cashLikeShareRule } from './cashLikeShare';
import { holdingsCountRule } from './holdingsCount';
import { largestPositionRule } from './largestPosition';
import { maxDrawdownRule } from './maxDrawdown';
import { sectorConcentrationRule } from './sectorConcentration';
import { topThreeWeightRule } from './topThreeWeight';
import { unrealisedLossesRule } from './unrealisedLosses';
import { volatilityRule } from './volatility';

/** Every rule, in the order the detail view lists them. */
export const PORTFOLIO_RULES: readonly PortfolioRule[] = [
  largestPositionRule,
  topThreeWeightRule,
  sectorConcentrationRule,
  holdingsCountRule,
  volatilityRule,
  maxDrawdownRule,
  betaRule,
  cashLikeShareRule,
  unrealisedLossesRule,
];
