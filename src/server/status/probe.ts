import type { Logger } from 'pino';
import type { ServiceStatus } from '../../shared/status/types';
import type { AgentEngine } from '../ai/engine';
import type { AppConfig } from '../config';
import type { Db, DbHandle } from '../db/client';
import type { MarketService } from '../market/service';
import type { MailTransport } from '../outbound/mailTransport';
import type { Bus } from '../realtime/bus';
import type { StorageMeter } from './storageMeter';

/** What a service is, as the status page names it. */
export interface ServiceInfo {
  /** Stable key, stored with every check; never rename one (its history would be orphaned). */
  id: string;
  name: string;
  /** Services are grouped on the page by this. */
  category: string;
  description: string;
}

export interface ProbeOutcome {
  status: ServiceStatus;
  /** Why the check was not online; stored and logged, never shown publicly (it may name hosts or files). */
  detail?: string;
}

/**
 * What the monitor and its probes read, named here rather than as a slice of AppDeps: AppDeps lists the monitor,
 * so naming it here would be an import cycle.
 */
export interface ProbeDeps {
  config: AppConfig;
  log: Logger;
  db: Db;
  dbHandle: Pick<DbHandle, 'sizeBytes' | 'leads'>;
  now: () => number;
  market: MarketService;
  bus: Bus;
  ai: AgentEngine;
  mail: MailTransport | null;
}

export interface ProbeContext {
  deps: ProbeDeps;
  storage: StorageMeter;
  /** Aborted when the probe's time is up: pass it to anything that can be cancelled (fetch). */
  signal: AbortSignal;
}

/**
 * One service's health check. A probe never throws on purpose: it answers a status. If it throws anyway or outlives
 * its timeout, the runner records the service as offline.
 */
export interface Probe {
  service: ServiceInfo;
  /** The service as this server runs it, when that differs from `service` (e.g. which market provider answers). */
  serviceFor?(deps: ProbeDeps): ServiceInfo;
  /** Whether this server runs the service at all (e-mail only with SMTP_URL); always, unless said. */
  enabled?(deps: ProbeDeps): boolean;
  /** How long a check may take; 5 s unless said. */
  timeoutMs?(deps: ProbeDeps): number;
  /** A probe may answer at once or later; a throw (or a rejection) counts as offline either way. */
  check(context: ProbeContext): ProbeOutcome | Promise<ProbeOutcome>;
}

export const DEFAULT_PROBE_TIMEOUT_MS = 5_000;

export interface ProbeResult extends ProbeOutcome {
  service: string;
  latencyMs: number;
}

/** Runs one probe under its timeout. Latency is wall time (performance.now), independent of the app's clock. */
export async function runProbe(probe: Probe, deps: ProbeDeps, storage: StorageMeter): Promise<ProbeResult> {
  const timeoutMs = probe.timeoutMs?.(deps) ?? DEFAULT_PROBE_TIMEOUT_MS;
  const controller = new AbortController();
  // Probes of a round start together; a macrotask of its own keeps one probe's synchronous work (a database round
  // trip) out of the others' latency.
  await new Promise((resolve) => setImmediate(resolve));
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<ProbeOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ status: 'offline', detail: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    timer.unref();
  });
  try {
    const outcome = await Promise.race([probe.check({ deps, storage, signal: controller.signal }), timedOut]);
    return { service: probe.service.id, latencyMs: Math.round(performance.now() - started), ...outcome };
  } catch (error) {
    return {
      service: probe.service.id,
      status: 'offline',
      detail: error instanceof Error ? error.message : String(error),
      latencyMs: Math.round(performance.now() - started),
    };
  } finally {
    clearTimeout(timer);
  }
}
