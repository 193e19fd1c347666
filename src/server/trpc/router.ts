import { accountRouter } from '../modules/account/router';
import { alertsRouter } from '../modules/alerts/router';
import { authRouter } from '../modules/auth/router';
import { chatRouter } from '../modules/chat/router';
import { notificationsRouter, pushRouter } from '../modules/notifications/router';
import { ledgerProcedures } from '../modules/ledger/router';
import { portfolioProcedures } from '../modules/portfolios/router';
import { socialRouter } from '../modules/social/router';
import { statusRouter } from '../modules/status/router';
import { stocksRouter } from '../modules/stocks/router';
import { usageRouter } from '../modules/usage/router';
import { watchlistsRouter } from '../modules/watchlists/router';
import { calendarRouter } from '../modules/calendar/router';
import { createCallerFactory, router } from './init';

/** One small router per domain (create-t3-app's root.ts). */
export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  stocks: stocksRouter,
  usage: usageRouter,
  chat: chatRouter,
  // Two features, one namespace (decision 029): the procedure names and REST paths are as they always were.
  portfolios: router({ ...portfolioProcedures, ...ledgerProcedures }),
  social: socialRouter,
  watchlists: watchlistsRouter,
  calendar: calendarRouter,
  status: statusRouter,
  notifications: notificationsRouter,
  push: pushRouter,
  alerts: alertsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
