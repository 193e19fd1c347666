import { z } from 'zod';
import { DEFAULT_STORAGE_LIMIT_GB } from '../shared/status/rules';

/**
 * Every setting Tickwise reads, parsed once from the environment.
 * A bad value stops start-up with a message naming the variable (see main.ts).
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_PATH: z.string().min(1).default('./data/tickwise.db'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret for signing captcha tokens. Generated per process when empty (tokens then die with a restart). */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  /** Extra origins allowed to make state-changing requests (comma separated), e.g. the Vite dev server. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((o) => o.trim()).filter(Boolean)),
  /** Set when Tickwise runs behind a reverse proxy so client addresses and https are read from X-Forwarded-*. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
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
  STORAGE_LIMIT_GB: z.coerce.number().positive('STORAGE_LIMIT_GB must be more than 0').max(1_000_000).default(DEFAULT_STORAGE_LIMIT_GB),
  /** Time between status probe rounds; 0 switches the loop off (rounds then run only when the status is asked for). */
  STATUS_PROBE_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Lets GET /metrics answer non-loopback clients that send `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Longest an AI answer may take, every tool round included. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
});

export type AppConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
