import { describe, expect, it } from 'vitest';
import { bearerMatches, isLoopbackAddress, metricsAccess } from '../../src/server/observability/metricsAccess';

const TOKEN = 'a-metrics-token-of-32-characters';

describe('loopback addresses', () => {
  it('knows IPv4, IPv6 and IPv4-mapped loopback', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
  });

  it('refuses everything else, including look-alikes', () => {
    for (const address of [
      '192.0.2.2',
      '10.0.0.1',
      '::ffff:192.0.2.2',
      '::2',
      '127.0.0.1.evil',
      '1127.0.0.1',
      '',
      undefined,
    ]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});

describe('GET /metrics access', () => {
  const local = { remoteAddress: '127.0.0.1', relayed: false, authorization: undefined };
  const remote = { remoteAddress: '192.0.2.2', relayed: false, authorization: undefined };

  it('serves loopback without a token, and refuses a remote client without one', () => {
    expect(metricsAccess(local, undefined)).toBe('allowed');
    expect(metricsAccess(remote, undefined)).toBe('forbidden');
    expect(metricsAccess(remote, TOKEN)).toBe('forbidden');
  });

  it('treats a request relayed by a proxy on this machine as remote', () => {
    expect(metricsAccess({ ...local, relayed: true }, undefined)).toBe('forbidden');
  });

  it('serves a remote client with the right bearer token only when a token is configured', () => {
    expect(metricsAccess({ ...remote, authorization: `Bearer ${TOKEN}` }, TOKEN)).toBe('allowed');
    expect(metricsAccess({ ...remote, authorization: `bearer ${TOKEN}` }, TOKEN)).toBe('allowed');
    expect(metricsAccess({ ...remote, authorization: 'Bearer wrong' }, TOKEN)).toBe('bad-token');
    expect(metricsAccess({ ...local, authorization: 'Bearer wrong' }, TOKEN)).toBe('bad-token');
    expect(metricsAccess({ ...remote, authorization: `Bearer ${TOKEN}` }, undefined)).toBe('forbidden');
  });

  it('parses only the Bearer scheme', () => {
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
  });
});
