import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedEndpoint } from './endpointGuard';

/**
 * Sends one prepared web push request (web-push's generateRequestDetails: encrypted body, VAPID Authorization, TTL)
 * to an endpoint endpointGuard.ts checked, connecting only to the address it checked. No redirects are followed, the
 * answer's body is read up to 4 KB, and the whole exchange is bounded by `timeoutMs`.
 */

export interface PreparedPush {
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

export type PushOutcome =
  /** The push service took it (201 Created; 200 and 202 from some services). */
  | { kind: 'delivered'; status: number }
  /** 404 or 410: the subscription expired or was unsubscribed. Delete it. */
  | { kind: 'gone'; status: number }
  /** 429, 5xx or no answer: worth another try, after `retryAfterMs` when the service said so. */
  | { kind: 'retry'; status: number | null; retryAfterMs?: number; reason: string }
  /** Anything else (400, 401, 403, 413): trying again would fail the same way. */
  | { kind: 'failed'; status: number; reason: string };

const MAX_ANSWER_BYTES = 4_096;

// Keep-alive agents: every connection they hold was made to a checked address (the lookup below is the only way in).
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 16 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 16 }),
};

/** Retry-After in seconds or as an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function classifyPushAnswer(status: number, retryAfter: string | undefined, text: string): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  const reason = `push service answered ${status}${text ? `: ${text.slice(0, 200)}` : ''}`;
  if (status === 429 || status >= 500) return { kind: 'retry', status, retryAfterMs: retryAfterMs(retryAfter), reason };
  return { kind: 'failed', status, reason };
}

export function sendPreparedPush(
  endpoint: CheckedEndpoint,
  push: PreparedPush,
  timeoutMs: number,
): Promise<PushOutcome> {
  const { url, address, family } = endpoint;
  const secure = url.protocol === 'https:';
  // The name stays the request's host (TLS certificate check, Host header); only the address is fixed.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise((resolve) => {
    const request = (secure ? https : http).request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: push.method,
        headers: push.headers,
        lookup,
        agent: secure ? agents.https : agents.http,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size >= MAX_ANSWER_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const text = Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
          const retryAfter = response.headers['retry-after'];
          resolve(classifyPushAnswer(response.statusCode ?? 0, retryAfter, text));
        });
        response.on('error', (error) => resolve({ kind: 'retry', status: null, reason: error.message }));
      },
    );
    request.on('error', (error) =>
      resolve({
        kind: 'retry',
        status: null,
        reason: error.name === 'AbortError' ? `no answer within ${timeoutMs} ms` : error.message,
      }),
    );
    request.end(push.body ?? undefined);
  });
}
