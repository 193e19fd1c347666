import { MAX_SYMBOLS_PER_WATCHLIST, MAX_WATCHLIST_NAME_LENGTH, MAX_WATCHLISTS_PER_USER } from './limits';

/** Every watchlist message the server answers with and the screens show, word for word in one place. */
export const WATCHLIST_MESSAGES = {
  notFound: 'Watchlist not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_WATCHLIST_NAME_LENGTH} characters`,
  nameTaken: (name: string) => `You already have a list named “${name}”`,
  tooManyLists: `You can have at most ${MAX_WATCHLISTS_PER_USER} watchlists. Delete one to create another.`,
  tooManySymbols: `A watchlist can hold at most ${MAX_SYMBOLS_PER_WATCHLIST} symbols. Remove one to add another.`,
  symbolsNotList: 'symbols must be a list of ticker symbols',
  symbolsTooMany: `At most ${MAX_SYMBOLS_PER_WATCHLIST} symbols`,
  symbolTwice: (symbol: string) => `${symbol} appears more than once`,
  unknownSymbol: (symbol: string) => `Unknown symbol ${symbol}`,
  alreadyListed: (symbol: string) => `${symbol} is already in this list`,
  notListed: (symbol: string) => `${symbol} is not in this list`,
  /** A new order that is not the list's symbols rearranged (the list changed since it was read, most likely). */
  orderMismatch: (missing: readonly string[], extra: readonly string[]) =>
    [
      'The new order must contain exactly the symbols of the list, each once.',
      missing.length ? `Missing: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? '…' : ''}.` : '',
      extra.length ? `Not in the list: ${extra.slice(0, 10).join(', ')}${extra.length > 10 ? '…' : ''}.` : '',
      'Reload the list and try again.',
    ]
      .filter(Boolean)
      .join(' '),
  tooManyLiveLists: 'Too many live watchlists on this connection: close one before following another.',
} as const;
