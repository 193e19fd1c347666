import { z } from 'zod';
import { DEFAULT_STORAGE_LIMIT_GB } from '../shared/status/rules';
import { DEFAULT_POOL_SIZE } from './db/poolSize';
import { parseProxyTrust, type ProxyTrustSetting } from './http/proxyTrust';

/**
 * Every setting Tickwise reads, parsed once from the environment.
 * A bad value stops start-up with a message naming the variable (see main.ts).
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_PATH: z.string().min(1).default('./data/tickwise.db'),
  /**
   * postgres://user:password@host:5432/database selects PostgreSQL (many instances on one database); without it,
   * the SQLite file at DATABASE_PATH. The message never repeats the value: it holds a password.
   */
  DATABASE_URL: z
    .string()
    .trim()
    .refine((raw) => /^postgres(ql)?:\/\/[^/]+/.test(raw), {
      error: 'must be a postgres:// URL such as postgres://tickwise:secret@db.internal:5432/tickwise',
    })
    .optional(),
  /**
   * PostgreSQL connections each instance keeps at most (with DATABASE_URL). Every instance's pool, plus two
   * connections each for LISTEN/NOTIFY and leadership, must fit in the server's max_connections.
   */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number of connections, e.g. 10' })
    .int('must be a whole number of connections, e.g. 10')
    .min(1, 'must be at least 1 connection')
    .max(1000, 'must be at most 1000 connections (PostgreSQL refuses more than its max_connections anyway)')
    .default(DEFAULT_POOL_SIZE),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret for signing captcha tokens. Generated per process when empty (tokens then die with a restart). */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  /** Extra origins allowed to make state-changing requests (comma separated), e.g. the Vite dev server. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /**
   * Proxies in front of Tickwise whose X-Forwarded-* headers are believed: a hop count (`1` for one reverse proxy)
   * or a comma-separated list of proxy addresses / CIDR ranges / `loopback`. `true` reads as 1, `false` as 0.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((raw, ctx): ProxyTrustSetting => {
      const parsed = parseProxyTrust(raw);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /**
   * The address people use to reach Tickwise (e.g. https://tickwise.example). When set, the CSP's websocket source
   * comes from it instead of the request's Host, and its origin may make writes.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://tickwise.example' })
    .transform((u) => new URL(u).origin)
    .optional(),
  /** Longest time to receive a whole request (headers and body); slower requests are cut with 408. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(200).max(600_000).default(30_000),
  /** Longest silence on a connection while a request is being received or an answer read (between body bytes). */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** How long an idle keep-alive connection stays open between requests. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Open connections (HTTP and websockets together) beyond which new ones are dropped. */
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(10).max(100_000).default(1_000),
  /**
   * Open connections (HTTP and websockets) one peer address may hold; more are answered 429 and closed. Well under
   * HTTP_MAX_CONNECTIONS, so one address cannot crowd out the others. Proxies (see TRUST_PROXY) are not counted.
   */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Websocket connections one client address may hold open (`/trpc` and `/ws` together). */
  WS_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(32),
  /** How often open signed-in websockets are checked for an ended session or a ban made by another process. */
  WS_SESSION_CHECK_MS: z.coerce.number().int().min(50).max(600_000).default(20_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(100_000),
  /** How often expired sessions, old sign-in attempts and spent captcha tokens are deleted (maintenance.ts). */
  MAINTENANCE_INTERVAL_MS: z.coerce.number().int().min(10).max(86_400_000).default(600_000),
  MARKET_DATA: z.enum(['simulated', 'yahoo']).default('simulated'),
  /** A market-data call that takes longer fails over to the last good answer (flagged stale). */
  MARKET_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Upstream market-data calls allowed at the same time; the rest queue. */
  MARKET_MAX_CONCURRENT_UPSTREAM: z.coerce.number().int().min(1).max(64).default(4),
  /** How often live quotes are polled for the symbols someone watches. */
  MARKET_LIVE_POLL_MS: z.coerce.number().int().min(20).max(600_000).default(5000),
  /** Base URL of an OpenAI-compatible server; when empty the built-in analyst engine answers. */
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /** Disk allowance for the database (file + write-ahead log); the status page warns above 80 %. */
  STORAGE_LIMIT_GB: z.coerce
    .number()
    .positive('STORAGE_LIMIT_GB must be more than 0')
    .max(1_000_000)
    .default(DEFAULT_STORAGE_LIMIT_GB),
  /** Time between status probe rounds; 0 switches the loop off (rounds then run only when the status is asked for). */
  STATUS_PROBE_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** A database round trip slower than this marks the database limited on the status page (it works, users feel it). */
  STATUS_DATABASE_SLOW_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** Lets GET /metrics answer non-loopback clients that send `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Longest an AI answer may take, every tool round included. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /**
   * The web push VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints them). Both or neither: when
   * neither is set, the first instance to need one generates a pair and stores it in the database for every instance.
   */
  WEB_PUSH_VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  WEB_PUSH_VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services contact about our pushes: a mailto: address or an https URL. */
  WEB_PUSH_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  /**
   * Host names push endpoints may use even when they are not public (and over plain http), comma separated: a local
   * push service in tests (`127.0.0.1`). Empty in production: endpoints must be https URLs on public addresses.
   */
  WEB_PUSH_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** smtp://user:password@host:587 or smtps://...:465 turns e-mail on. The message never repeats the value. */
  SMTP_URL: z
    .string()
    .trim()
    .refine((raw) => /^smtps?:\/\/[^/\s]+/.test(raw), {
      error: 'must be an smtp:// or smtps:// URL such as smtp://user:secret@mail.example:587',
    })
    .optional(),
  /** The From of every mail, e.g. `Tickwise <alerts@tickwise.example>`; by default no-reply at PUBLIC_URL's host. */
  MAIL_FROM: z.string().trim().min(3).max(320).optional(),
  /**
   * Tests only (ignored unless NODE_ENV=test): the alert engine stops for good at this point of its first firing, so
   * a test can kill the process there (after-firing: the firing row committed, its notification not yet stored;
   * after-notify: both stored) and show another instance neither loses nor repeats it.
   */
  ALERTS_TEST_PAUSE: z.enum(['after-firing', 'after-notify']).optional(),
});

export type AppConfig = z.infer<typeof configSchema>;

/** Every setting an operator can set (NODE_ENV is the runtime's, not Tickwise's). */
export const SETTING_NAMES: readonly string[] = Object.keys(configSchema.shape).filter((name) => name !== 'NODE_ENV');

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.DATABASE_URL && !parsed.data.APP_SECRET) {
    // Each instance would otherwise sign captcha tokens with a secret of its own, which the others reject.
    throw new ConfigError(
      'Invalid configuration:\n  APP_SECRET: required with DATABASE_URL, and equal on every instance (e.g. `openssl rand -hex 32`)',
    );
  }
  if (Boolean(parsed.data.WEB_PUSH_VAPID_PUBLIC_KEY) !== Boolean(parsed.data.WEB_PUSH_VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  WEB_PUSH_VAPID_PUBLIC_KEY / WEB_PUSH_VAPID_PRIVATE_KEY: set both (one key pair) or neither',
    );
  }
  return parsed.data;
}
