import { describe, expect, it } from 'vitest';
import { matchesRoute, routeAccess } from '../../src/client/lib/routeAccess';

describe('route tables of SPEC section 2', () => {
  it('matches parameter segments and ignores a trailing slash', () => {
    expect(matchesRoute('/portfolio/shared/:shareableLink', '/portfolio/shared/abc123')).toBe(true);
    expect(matchesRoute('/portfolio/shared/:shareableLink', '/portfolio/shared/')).toBe(false);
    expect(matchesRoute('/settings', '/settings/')).toBe(true);
    expect(matchesRoute('/settings', '/settings/extra')).toBe(false);
  });

  it('signed out: public pages render, unknown paths show home, signed-in pages are gated', () => {
    for (const path of ['/', '/home', '/trading', '/landing', '/updates', '/auth', '/contact', '/stock-search', '/status', '/terms-of-service', '/privacy-policy', '/portfolio/shared/x']) {
      expect(routeAccess(path, 'signed-out'), path).toEqual({ kind: 'allow' });
    }
    expect(routeAccess('/nope', 'signed-out')).toEqual({ kind: 'home' });
    expect(routeAccess('/settings', 'signed-out')).toEqual({ kind: 'gate', target: '/auth' });
    expect(routeAccess('/account', 'signed-out')).toEqual({ kind: 'gate', target: '/auth' });
    expect(routeAccess('/chat', 'signed-out')).toEqual({ kind: 'gate', target: '/api/login' });
    expect(routeAccess('/portfolio', 'signed-out')).toEqual({ kind: 'gate', target: '/api/login' });
  });

  it('signed in: the signed-in table renders, /auth goes home, anything else is a 404', () => {
    for (const path of ['/', '/dashboard', '/chat', '/settings', '/account', '/social', '/invoices', '/upgrade', '/checkout', '/payment/success', '/payment/cancel', '/portfolio']) {
      expect(routeAccess(path, 'signed-in'), path).toEqual({ kind: 'allow' });
    }
    expect(routeAccess('/auth', 'signed-in')).toEqual({ kind: 'redirect-home' });
    expect(routeAccess('/nope', 'signed-in')).toEqual({ kind: 'not-found' });
    // Not in the signed-in table of the spec.
    expect(routeAccess('/terms-of-service', 'signed-in')).toEqual({ kind: 'not-found' });
  });

  it('banned users get only /banned; /banned is open to everyone', () => {
    expect(routeAccess('/', 'banned')).toEqual({ kind: 'banned' });
    expect(routeAccess('/settings', 'banned')).toEqual({ kind: 'banned' });
    for (const state of ['loading', 'signed-out', 'signed-in', 'banned'] as const) {
      expect(routeAccess('/banned', state)).toEqual({ kind: 'allow' });
    }
  });

  it('waits while the user loads', () => {
    expect(routeAccess('/settings', 'loading')).toEqual({ kind: 'loading' });
  });
});
