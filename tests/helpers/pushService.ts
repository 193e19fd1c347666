import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local web push service (RFC 8030) for tests, standing in for the browser makers' (FCM, Mozilla autopush, Apple).
 * It plays both ends a browser would: `subscription()` makes a browser's key pair and auth secret and an endpoint on
 * this server; a push POSTed there has its VAPID JWT checked (RFC 8292: ES256 signature over the `k` key, audience,
 * expiry, subject) and its aes128gcm body decrypted with the browser's private key (RFC 8291 / RFC 8188), written
 * here from the RFCs, independently of the web-push package that encrypted it. So a test sees the payload as the
 * service worker would, or the push service's refusal.
 */

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload as text. */
  payload: string;
  ttl: string | undefined;
  urgency: string | undefined;
  contentEncoding: string | undefined;
  vapid: { audience: string; subject: string; publicKey: string; expiresAt: number };
}

export interface TestSubscription {
  id: string;
  /** PushSubscription.toJSON() as the browser gives it. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

interface Browser {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** The status this endpoint answers (201 normally; 410 once unsubscribed; 500 / 429 to test retries). */
  answers: { status: number; headers?: Record<string, string>; delayMs?: number }[];
}

const b64u = (b: Buffer) => b.toString('base64url');

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** RFC 8291 + RFC 8188, one record (a web push payload is at most 4 KB). */
export function decryptAes128gcm(body: Buffer, browser: { ecdh: Browser['ecdh']; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const receiverPublic = browser.ecdh.getPublicKey();
  const shared = browser.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` as a push service does; throws a reason when it is wrong. */
export function checkVapid(header: string | undefined, origin: string, now = Date.now()): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, k] = match;
  const [head, claims, signature] = token.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (header_.alg !== 'ES256') throw new Error(`VAPID alg ${header_.alg}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== origin) throw new Error(`VAPID audience ${body.aud}, expected ${origin}`);
  if (!(body.exp * 1000 > now && body.exp * 1000 <= now + 24 * 3600_000)) throw new Error('VAPID expiry out of range');
  if (!/^(mailto:|https:)/.test(body.sub)) throw new Error(`VAPID subject ${body.sub}`);
  return { audience: body.aud, subject: body.sub, publicKey: k, expiresAt: body.exp };
}

export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  /** Requests refused (bad VAPID, undecryptable), with the reason. */
  readonly refused: string[] = [];
  /** Every request, whatever came of it (to count attempts). */
  readonly attempts: { subscriptionId: string; at: number }[] = [];
  private readonly browsers = new Map<string, Browser>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(host = '127.0.0.1'): Promise<LocalPushService> {
    const server = createServer((req, res) => void service.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    const { port } = server.address() as AddressInfo;
    const service = new LocalPushService(server, `http://${host}:${port}`);
    return service;
  }

  /** A browser subscribing: its keys and an endpoint on this service (under `origin`, e.g. another host name). */
  subscription(origin = this.origin): TestSubscription {
    const id = randomBytes(9).toString('base64url');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.browsers.set(id, { ecdh, auth, answers: [] });
    return {
      id,
      json: {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      },
    };
  }

  /** The next pushes to this subscription get these answers, in order (then 201 again). */
  answer(subscriptionId: string, ...answers: Browser['answers']): void {
    this.browsers.get(subscriptionId)!.answers.push(...answers);
  }

  /** The browser unsubscribed (or was uninstalled): the service answers 410 Gone from now on. */
  unsubscribe(subscriptionId: string): void {
    this.answer(subscriptionId, ...Array.from({ length: 100 }, () => ({ status: 410 })));
  }

  pushesTo(subscriptionId: string): ReceivedPush[] {
    return this.received.filter((p) => p.subscriptionId === subscriptionId);
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const browser = id ? this.browsers.get(id) : undefined;
    const body = await readBody(req);
    if (!id || !browser || req.method !== 'POST') return void res.writeHead(404).end();
    this.attempts.push({ subscriptionId: id, at: Date.now() });
    const scripted = browser.answers.shift();
    if (scripted?.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
    if (scripted && scripted.status !== 201) return void res.writeHead(scripted.status, scripted.headers).end();
    try {
      const vapid = checkVapid(req.headers.authorization, `http://${req.headers.host}`);
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const payload = decryptAes128gcm(body, browser);
      this.received.push({
        subscriptionId: id,
        payload,
        ttl: req.headers.ttl as string | undefined,
        urgency: req.headers.urgency as string | undefined,
        contentEncoding: req.headers['content-encoding'],
        vapid,
      });
      res.writeHead(201, { location: `${this.origin}/message/${this.received.length}` }).end();
    } catch (error) {
      this.refused.push((error as Error).message);
      res.writeHead(400).end((error as Error).message);
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
