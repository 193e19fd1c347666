import type { FastifyRequest } from 'fastify';
import { appError } from '../errors/appError';
import { bodyOf, queryOf, type RestRoute } from './shim';

/** The procedure validates the body with its zod schema, so it is handed over as it came. */
const body = (req: FastifyRequest) => bodyOf(req) as never;

/** product.md §7 account paths, each onto its auth procedure. */
export const authRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/auth/user',
    call: async (caller) => {
      const user = await caller.auth.user();
      // REST clients learn "signed out" from the status (product.md §7).
      if (!user) throw appError('UNAUTHORIZED', 'Unauthorized');
      return user;
    },
  },
  { method: 'POST', url: '/api/auth/login', call: (caller, req) => caller.auth.login(body(req)) },
  { method: 'POST', url: '/api/auth/register', call: (caller, req) => caller.auth.register(body(req)) },
  { method: 'POST', url: '/api/auth/logout', call: (caller) => caller.auth.logout() },
  { method: 'PUT', url: '/api/auth/profile', call: (caller, req) => caller.auth.updateProfile(body(req)) },
  { method: 'PUT', url: '/api/auth/password', call: (caller, req) => caller.auth.changePassword(body(req)) },
  {
    method: 'POST',
    url: '/api/auth/forgot-password',
    // Accepted: the mail (if any account uses the address) goes out later.
    status: 202,
    call: (caller, req) => caller.auth.forgotPassword(body(req)),
  },
  { method: 'GET', url: '/api/auth/reset-options', call: (caller) => caller.auth.resetOptions() },
  { method: 'POST', url: '/api/auth/reset-password', call: (caller, req) => caller.auth.resetPassword(body(req)) },
  {
    method: 'GET',
    url: '/api/security/captcha-challenge',
    // ?email= is optional: the sign-in form passes it so an email under attack gets its longer proof of work.
    call: (caller, req) => caller.auth.captchaChallenge(queryOf(req).email ? { email: queryOf(req).email } : undefined),
  },
  // Browser navigations (the unauthorized gate and the 404 page's Sign Out), hence redirects.
  { method: 'GET', url: '/api/login', call: async (_caller, _req, reply) => reply.redirect('/auth', 302) },
  {
    method: 'GET',
    url: '/api/logout',
    call: async (caller, _req, reply) => {
      await caller.auth.logout();
      return reply.redirect('/', 302);
    },
  },
];
