import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY, TrpcHttpError } from '../../src/client/lib/currentUser';
import { errorBodyOf, isUnauthorized } from '../../src/client/lib/errors';
import { MARKET_INFO_KEY } from '../../src/client/lib/useMarketInfo';
import type { AppRouter } from '../../src/server/trpc/router';

describe('the sign-in check without the tRPC client', () => {
  it('caches under the key tRPC’s own hooks give auth.user, so their updates reach it', () => {
    const trpc = createTRPCOptionsProxy<AppRouter>({
      client: createTRPCClient<AppRouter>({ links: [] }),
      queryClient: new QueryClient(),
    });
    expect(CURRENT_USER_KEY).toEqual(trpc.auth.user.queryKey());
    expect(MARKET_INFO_KEY).toEqual(trpc.stocks.marketInfo.queryKey());
  });

  it('reads its error answers like tRPC’s', () => {
    const error = new TrpcHttpError('UNAUTHORIZED', { app: { message: 'Sign in first' }, httpStatus: 401 });
    expect(errorBodyOf(error)).toEqual({ message: 'Sign in first', status: 401 });
    expect(isUnauthorized(error)).toBe(true);
  });
});
