import { appError } from '../trpc/errors';
import type { RestRoute } from './shim';

export const authRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/auth/user',
    call: async (caller) => {
      const user = await caller.auth.user();
      // REST clients learn "signed out" from the status (SPEC section 7).
      if (!user) throw appError('UNAUTHORIZED', 'Unauthorized');
      return user;
    },
  },
];
