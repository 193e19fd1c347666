import { authRouter } from '../modules/auth/router';
import { stocksRouter } from '../modules/stocks/router';
import { usageRouter } from '../modules/usage/router';
import { createCallerFactory, router } from './init';

/** One small router per domain (create-t3-app's root.ts). */
export const appRouter = router({
  auth: authRouter,
  stocks: stocksRouter,
  usage: usageRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
