import { router } from '../../trpc/init';

// Filled by the market-data work: search, quotes, history, analysis, live quotes.
export const stocksRouter = router({});
