import { describe, expect, it } from 'vitest';
import { matchesRoute, routeAccess } from '../../src/client/lib/routeAccess';

describe('route tables of product.md §2', () => {
  it('matches parameter segments and ignores a trailing slash', () => {
    expect(matchesRoute('/portfolio/shared/$shareableLink', '/portfolio/shared/abc123')).toBe(true);
    expect(matchesRoute('/portfolio/shared/$shareableLink', '/portfolio/shared/')).toBe(false);
    expect(matchesRoute('/settings', '/settings/')).toBe(true);
    expect(matchesRoute('/settings', '/settings/extra')).toBe(false);
  });

  it('signed out: public pages render, unknown paths show home, signed-in pages are gated', () => {
    for (const path of [
      '/',
      '/home',
      '/trading',
      '/landing',
      '/updates',
      '/auth',
      '/contact',
      '/stock-search',
      '/status',
      '/terms-of-service',
      '/privacy-policy',
      '/portfolio/shared/x',
    ]) {
      expect(routeAccess(path, 'signed-out'), path).toEqual({ kind: 'allow' });
    }
    expect(routeAccess('/nope', 'signed-out')).toEqual({ kind: 'home' });
    expect(routeAccess('/settings', 'signed-out')).toEqual({ kind: 'gate', target: '/auth' });
    expect(routeAccess('/account', 'signed-out')).toEqual({ kind: 'gate', target: '/auth' });
    expect(routeAccess('/chat', 'signed-out')).toEqual({ kind: 'gate', target: '/api/login' });
    expect(routeAccess('/portfolio', 'signed-out')).toEqual({ kind: 'gate', target: '/api/login' });
    expect(routeAccess('/alerts', 'signed-out')).toEqual({ kind: 'gate', target: '/api/login' });
  });

  it('signed in: the signed-in table renders, /auth goes home, anything else is a 404', () => {
    for (const path of [
      '/',
      '/dashboard',
      '/chat',
      '/settings',
      '/account',
      '/social',
      '/alerts',
      '/invoices',
      '/upgrade',
      '/checkout',
      '/payment/success',
      '/payment/cancel',
      '/portfolio',
    ]) {
      expect(routeAccess(path, 'signed-in'), path).toEqual({ kind: 'allow' });
    }
    expect(routeAccess('/auth', 'signed-in')).toEqual({ kind: 'redirect-home' });
    expect(routeAccess('/nope', 'signed-in')).toEqual({ kind: 'not-found' });
  });

  it('opens the legal pages in every state but banned (docs/decisions/008)', () => {
    for (const path of ['/terms-of-service', '/privacy-policy']) {
      for (const state of ['loading', 'signed-out', 'signed-in'] as const) {
        expect(routeAccess(path, state), `${path} ${state}`).toEqual({ kind: 'allow' });
      }
      expect(routeAccess(path, 'banned')).toEqual({ kind: 'banned' });
    }
  });

  it('banned users get only /banned; /banned is open to everyone', () => {
    expect(routeAccess('/', 'banned')).toEqual({ kind: 'banned' });
    expect(routeAccess('/settings', 'banned')).toEqual({ kind: 'banned' });
    for (const state of ['loading', 'signed-out', 'signed-in', 'banned'] as const) {
      expect(routeAccess('/banned', state)).toEqual({ kind: 'allow' });
    }
  });

  it('renders public pages at once while the user loads; only signed-in pages wait', () => {
    for (const path of ['/', '/trading', '/stock-search', '/auth', '/contact', '/portfolio/shared/x']) {
      expect(routeAccess(path, 'loading'), path).toEqual({ kind: 'allow' });
    }
    for (const path of ['/settings', '/dashboard', '/chat', '/portfolio', '/social', '/upgrade']) {
      expect(routeAccess(path, 'loading'), path).toEqual({ kind: 'loading' });
    }
  });

  it('shows an unknown path as what it most likely is while the user loads, never a spinner', () => {
    expect(routeAccess('/nope', 'loading', 'signed-in')).toEqual({ kind: 'not-found' });
    expect(routeAccess('/nope', 'loading', 'signed-out')).toEqual({ kind: 'home' });
    expect(routeAccess('/nope', 'loading')).toEqual({ kind: 'home' });
  });
});
