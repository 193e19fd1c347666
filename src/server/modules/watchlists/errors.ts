import { WATCHLIST_MESSAGES as M } from '../../../shared/watchlists/messages';
import { appError } from '../../errors/appError';

/** The one 404 for a list that is missing, malformed or someone else's: nothing tells them apart. */
export const watchlistNotFound = () => appError('NOT_FOUND', M.notFound);
export const symbolNotListed = (symbol: string) => appError('NOT_FOUND', M.notListed(symbol));
export const badInput = (message: string) => appError('BAD_REQUEST', message);
/** The request is well formed but clashes with what the list holds now (a duplicate, a stale order). */
export const conflict = (message: string) => appError('CONFLICT', message);
