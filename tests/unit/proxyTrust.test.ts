import Fastify from 'fastify';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import {
  clientAddress,
  createTrustFn,
  mayBeProxy,
  parseProxyTrust,
  requestProtocol,
} from '../../src/server/http/proxyTrust';

/** A request as Node hands it over: the socket peer and the headers, nothing else is read. */
function request(peer: string, headers: Record<string, string> = {}): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers } as unknown as IncomingMessage;
}

const addressFor = (setting: string, peer: string, forwardedFor?: string) => {
  const parsed = parseProxyTrust(setting);
  if (typeof parsed === 'string') throw new Error(parsed);
  return clientAddress(request(peer, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}), createTrustFn(parsed));
};

describe('TRUST_PROXY', () => {
  it('reads false, true, hop counts and address lists', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual({ kind: 'hops', hops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback,::1' }).TRUST_PROXY).toEqual({
      kind: 'addresses',
      entries: ['10.0.0.1', '10.1.0.0/16', 'loopback', '::1'],
    });
  });

  it('refuses anything else, naming the variable and the bad entry', () => {
    for (const [value, bad] of [
      ['yes', 'yes'],
      ['10.0.0.1,proxy.local', 'proxy.local'],
      ['1.2.3.4/33', '1.2.3.4/33'],
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        new RegExp(`TRUST_PROXY: "${bad.replace(/[./]/g, '\\$&')}" is not`),
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY: a hop count must be between 0 and 10/);
  });
});

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(addressFor('false', '203.0.113.5', '1.1.1.1')).toBe('203.0.113.5');
  });

  it('is what the last trusted hop saw, counting hops from our side', () => {
    expect(addressFor('1', '127.0.0.1', '1.1.1.1, 2.2.2.2')).toBe('2.2.2.2');
    expect(addressFor('2', '127.0.0.1', '1.1.1.1, 2.2.2.2')).toBe('1.1.1.1');
    // More hops trusted than there are: the leftmost entry is all there is.
    expect(addressFor('3', '127.0.0.1', '1.1.1.1, 2.2.2.2')).toBe('1.1.1.1');
    expect(addressFor('1', '127.0.0.1')).toBe('127.0.0.1');
  });

  it('walks a list of proxies until the first address that is not one (IPv4-mapped peers included)', () => {
    expect(addressFor('10.0.0.0/8', '::ffff:10.0.0.2', '9.9.9.9, 10.1.2.3')).toBe('9.9.9.9');
    expect(addressFor('10.0.0.0/8', '10.0.0.2', '9.9.9.9, 8.8.8.8, 10.1.2.3')).toBe('8.8.8.8');
    expect(addressFor('loopback', '::1', '2001:db8::7')).toBe('2001:db8::7');
    // A peer that is not a listed proxy is the client itself; its headers are not believed.
    expect(addressFor('10.0.0.0/8', '203.0.113.9', '1.1.1.1')).toBe('203.0.113.9');
    // An entry that is no address at all is never a trusted proxy: the walk stops there.
    expect(addressFor('10.0.0.0/8', '10.0.0.2', '1.1.1.1, junk')).toBe('junk');
  });

  it('https only from a trusted peer', () => {
    const trusted = createTrustFn({ kind: 'hops', hops: 1 });
    expect(requestProtocol(request('127.0.0.1', { 'x-forwarded-proto': 'https' }), trusted)).toBe('https');
    expect(requestProtocol(request('127.0.0.1', { 'x-forwarded-proto': 'https' }), false)).toBe('http');
    const listed = createTrustFn({ kind: 'addresses', entries: ['10.0.0.1'] });
    expect(requestProtocol(request('10.9.9.9', { 'x-forwarded-proto': 'https' }), listed)).toBe('http');
  });
});

describe('one rule for HTTP and websocket upgrades', () => {
  it('gives an upgrade the same client address Fastify gives an HTTP request (request.ip), for every setting', async () => {
    const cases: Array<[setting: string, peer: string, forwardedFor?: string]> = [
      ['false', '203.0.113.5', '1.1.1.1'],
      ['1', '127.0.0.1', '1.1.1.1, 2.2.2.2'],
      ['2', '127.0.0.1', '1.1.1.1, 2.2.2.2'],
      ['3', '127.0.0.1', '1.1.1.1, 2.2.2.2'],
      ['10.0.0.0/8', '::ffff:10.0.0.2', '9.9.9.9, 10.1.2.3'],
      ['10.0.0.0/8', '10.0.0.2', '1.1.1.1, junk'],
      ['10.0.0.0/8', '203.0.113.9', '1.1.1.1'],
      ['loopback', '::1', '2001:db8::7'],
      ['loopback,10.0.0.1', '127.0.0.1', '8.8.8.8, 10.0.0.1'],
    ];
    for (const [setting, peer, forwardedFor] of cases) {
      const parsed = parseProxyTrust(setting);
      if (typeof parsed === 'string') throw new Error(parsed);
      const trust = createTrustFn(parsed);
      const app = Fastify({ trustProxy: trust });
      app.get('/', (req, reply) => reply.send({ ip: req.ip }));
      const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
      const res = await app.inject({ url: '/', remoteAddress: peer, headers });
      await app.close();
      expect(clientAddress(request(peer, headers), trust), `${setting} ${peer} ${forwardedFor}`).toBe(
        res.json<{ ip: string }>().ip,
      );
    }
  });

  it('counts loopback and private networks as possible proxies for a hop count, and only the listed ones otherwise', () => {
    const hops = mayBeProxy({ kind: 'hops', hops: 1 });
    for (const address of ['127.0.0.1', '::1', '10.2.3.4', '172.20.0.1', '192.168.1.1', 'fd00::1', '::ffff:10.0.0.1']) {
      expect(hops(address), address).toBe(true);
    }
    for (const address of ['203.0.113.9', '172.32.0.1', '2001:db8::1']) expect(hops(address), address).toBe(false);
    const listed = mayBeProxy({ kind: 'addresses', entries: ['10.0.0.5'] });
    expect([listed('10.0.0.5'), listed('10.0.0.6'), listed('127.0.0.1')]).toEqual([true, false, false]);
    expect(mayBeProxy({ kind: 'hops', hops: 0 })('127.0.0.1')).toBe(false);
  });
});
