import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { allowHostSet, checkEndpoint, EndpointRefused } from '../../src/server/outbound/endpointGuard';
import { isPublicAddress } from '../../src/server/outbound/publicAddress';
import { classifyPushAnswer, retryAfterMs, sendPreparedPush } from '../../src/server/outbound/pushRequest';

/** The SSRF defence for push endpoints (outbound/): which addresses are public, and the pinned connection. */

describe('isPublicAddress', () => {
  it('accepts public unicast addresses', () => {
    for (const address of [
      '8.8.8.8',
      '93.184.215.14',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '2a00:1450::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses loopback, private, link-local, CGNAT, multicast, reserved, ULA and the IPv6 ranges that reach IPv4', () => {
    const refused = [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '224.0.0.251',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.1',
      '203.0.113.1',
      '192.0.0.1',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fec0::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2001::1',
      '2001:db8::1',
      '3fff::1',
      '100::1',
      'not an address',
      '',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('checkEndpoint', () => {
  const resolve = (answers: Record<string, string[]>) => (host: string) =>
    answers[host]
      ? Promise.resolve(answers[host].map((address) => ({ address, family: address.includes(':') ? 6 : 4 })))
      : Promise.reject(new Error('ENOTFOUND'));
  const policy = {
    allowHosts: allowHostSet([' 127.0.0.1 ', 'Push.Local']),
    resolve: resolve({
      'fcm.example': ['142.250.0.1'],
      'mixed.example': ['142.250.0.1', '10.0.0.1'],
      'push.local': ['10.9.9.9'],
    }),
  };

  it('hands back the checked address to connect to', async () => {
    const checked = await checkEndpoint('https://fcm.example/fcm/send/abc', policy);
    expect(checked).toMatchObject({ address: '142.250.0.1', family: 4 });
    expect(checked.url.hostname).toBe('fcm.example');
  });

  it('refuses when any answer is private, and allows listed hosts over http on any address', async () => {
    await expect(checkEndpoint('https://mixed.example/x', policy)).rejects.toThrow(EndpointRefused);
    await expect(checkEndpoint('http://fcm.example/x', policy)).rejects.toThrow(/https/);
    expect((await checkEndpoint('http://push.local/x', policy)).address).toBe('10.9.9.9');
    expect((await checkEndpoint('http://127.0.0.1:9/x', policy)).address).toBe('127.0.0.1');
    await expect(checkEndpoint('http://127.0.0.2:9/x', policy)).rejects.toThrow(/https/);
  });
});

describe('sendPreparedPush', () => {
  it('connects to the checked address, never resolving the name again', async () => {
    let host = '';
    const local = createServer((req, res) => {
      host = req.headers.host ?? '';
      res.writeHead(201).end();
    });
    await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
    const { port } = local.address() as AddressInfo;
    try {
      // 'push.invalid' cannot resolve anywhere: the request arrives only because the checked address is used.
      const endpoint = await checkEndpoint(`http://push.invalid:${port}/p`, {
        allowHosts: allowHostSet(['push.invalid']),
        resolve: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
      });
      const outcome = await sendPreparedPush(
        endpoint,
        { method: 'POST', headers: { TTL: 60 }, body: Buffer.from('x') },
        2_000,
      );
      expect(outcome).toEqual({ kind: 'delivered', status: 201 });
      expect(host).toBe(`push.invalid:${port}`);
    } finally {
      local.close();
    }
  });

  it('ends a push service that never answers at the timeout, as worth another try', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as AddressInfo;
    try {
      const endpoint = await checkEndpoint(`http://127.0.0.1:${port}/p`, { allowHosts: allowHostSet(['127.0.0.1']) });
      const started = Date.now();
      const outcome = await sendPreparedPush(endpoint, { method: 'POST', headers: {}, body: null }, 300);
      expect(outcome).toMatchObject({ kind: 'retry', status: null, reason: 'no answer within 300 ms' });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('reads the push service’s answers as RFC 8030 means them', () => {
    expect(classifyPushAnswer(201, undefined, '')).toEqual({ kind: 'delivered', status: 201 });
    expect(classifyPushAnswer(410, undefined, '')).toEqual({ kind: 'gone', status: 410 });
    expect(classifyPushAnswer(404, undefined, '')).toEqual({ kind: 'gone', status: 404 });
    expect(classifyPushAnswer(429, '30', '')).toMatchObject({ kind: 'retry', retryAfterMs: 30_000 });
    expect(classifyPushAnswer(503, undefined, 'busy')).toMatchObject({
      kind: 'retry',
      reason: 'push service answered 503: busy',
    });
    expect(classifyPushAnswer(413, undefined, '')).toMatchObject({ kind: 'failed' });
    expect(classifyPushAnswer(403, undefined, '')).toMatchObject({ kind: 'failed' });
    expect(retryAfterMs('Fri, 27 Nov 2026 12:00:10 GMT', Date.parse('Fri, 27 Nov 2026 12:00:00 GMT'))).toBe(10_000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
