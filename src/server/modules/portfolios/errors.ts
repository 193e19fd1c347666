import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import { appError } from '../../errors/appError';

/** The one 404 for a portfolio that is missing, malformed or someone else's: nothing tells them apart. */
export const portfolioNotFound = () => appError('NOT_FOUND', M.portfolioNotFound);
export const holdingNotFound = () => appError('NOT_FOUND', M.holdingNotFound);
export const sharedPortfolioNotFound = () => appError('NOT_FOUND', M.sharedNotFound);
export const badInput = (message: string) => appError('BAD_REQUEST', message);
