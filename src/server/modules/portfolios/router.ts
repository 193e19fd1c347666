import { router } from '../../trpc/init';

/** Portfolios, holdings, shared links, analysis (issue 10). */
export const portfoliosRouter = router({});
