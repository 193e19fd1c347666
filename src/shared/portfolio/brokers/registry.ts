import type { ActivityLayout, PositionLayout } from './layout';
import { degiro } from './layouts/degiro';
import { fidelityHistory } from './layouts/fidelityHistory';
import { fidelityPositions } from './layouts/fidelityPositions';
import { ibkrFlexCash, ibkrFlexPositions, ibkrFlexTrades } from './layouts/ibkrFlex';
import { ibkrStatementActivities, ibkrStatementPositions } from './layouts/ibkrStatement';
import { plainActivities, tickwiseExport } from './layouts/plainActivities';
import { plainPositions } from './layouts/plainPositions';
import { portfolioPerformance } from './layouts/portfolioPerformance';
import { robinhood } from './layouts/robinhood';
import { schwabPositions } from './layouts/schwabPositions';
import { schwabTransactions } from './layouts/schwabTransactions';
import { trading212 } from './layouts/trading212';
import { vanguard } from './layouts/vanguard';

/**
 * The layouts the readers try, in order: each broker's own (most particular header first), then the plain file read
 * by its column names. Adding a broker is a file in layouts/ and a line here.
 */
export const ACTIVITY_LAYOUTS: readonly ActivityLayout[] = [
  ibkrStatementActivities,
  tickwiseExport,
  fidelityHistory,
  schwabTransactions,
  vanguard,
  robinhood,
  trading212,
  degiro,
  portfolioPerformance,
  ibkrFlexTrades,
  ibkrFlexCash,
  plainActivities,
];

export const POSITION_LAYOUTS: readonly PositionLayout[] = [
  ibkrStatementPositions,
  fidelityPositions,
  schwabPositions,
  ibkrFlexPositions,
  plainPositions,
];
