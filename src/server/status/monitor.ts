import type { StorageUsage, SystemStatus } from '../../shared/status/types';
import { probeLatency, probeResults } from '../observability/metrics';
import { StatusHistory } from './history';
import { runProbe, type Probe, type ProbeDeps, type ProbeResult } from './probe';
import { PROBES } from './probes';
import type { DayTotals, Rollups } from './rollup';
import { buildSystemStatus, type LatestCheck } from './snapshot';
import { InstanceBeacon } from './instances';
import { StorageMeter } from './storageMeter';

export interface StatusMonitorOptions {
  /** Time between probe rounds; 0 never starts the loop (rounds then run only on demand). */
  intervalMs: number;
  /** Delay of the first round after start, so it never runs inside start-up itself. */
  firstRoundDelayMs?: number;
  probes?: readonly Probe[];
}

/**
 * The probe loop and what it knows. Every `intervalMs` it runs all probes at once (each under its own timeout),
 * records the results with today's roll-up, prunes what is older than 90 days, and rebuilds the status answer.
 * Requests read that answer from memory; only the very first request before any round waits for one.
 */
export class StatusMonitor {
  readonly storage: StorageMeter;
  /** This instance's row in the table of instances serving (counted on the status page). */
  readonly instances: InstanceBeacon;
  private readonly history: StatusHistory;
  private readonly probes: readonly Probe[];
  private readonly latest = new Map<string, LatestCheck>();
  /** Day totals of the 90-day window as of the latest round. */
  private rollups: Rollups | null = null;
  private current: SystemStatus | null = null;
  private inflight: Promise<SystemStatus> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Rounds finished so far (tests wait on it). */
  rounds = 0;

  constructor(
    private readonly deps: ProbeDeps,
    private readonly options: StatusMonitorOptions,
  ) {
    // A probe of a service this server does not use (mail without SMTP_URL) is left out, page and history alike.
    this.probes = (options.probes ?? PROBES).filter((probe) => probe.enabled?.(deps) ?? true);
    this.history = new StatusHistory(deps.db);
    this.instances = new InstanceBeacon(deps.db, deps.now, (err) =>
      deps.log.warn({ err }, 'instance heartbeat failed'),
    );
    this.storage = new StorageMeter(() => deps.dbHandle.sizeBytes(), deps.config.STORAGE_LIMIT_GB);
  }

  get isLooping(): boolean {
    return this.timer !== null;
  }

  /** Starts the loop and the instance's heartbeat (the server calls this once it listens). */
  start(): void {
    if (!this.stopped) this.instances.start();
    if (this.stopped || this.timer || this.options.intervalMs <= 0) return;
    this.schedule(this.options.firstRoundDelayMs ?? Math.min(1_000, this.options.intervalMs));
  }

  /** Ends the loop for good; a round still running finishes without writing to the (closing) database. */
  stop(): void {
    this.stopped = true;
    this.instances.stop();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One probe round now; concurrent callers share the round in progress. */
  runRound(): Promise<SystemStatus> {
    this.inflight ??= this.probeAll().finally(() => (this.inflight = null));
    return this.inflight;
  }

  /** The status answer as of the latest round. */
  status(): Promise<SystemStatus> {
    return this.current ? Promise.resolve(this.current) : this.runRound();
  }

  /** The latest storage measurement (taken by the storage probe every round). */
  storageUsage(): Promise<StorageUsage> {
    return this.storage.latest();
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      void this.runRound()
        .catch((err: unknown) => this.deps.log.error({ err }, 'status probe round failed'))
        .finally(() => {
          if (!this.stopped) this.schedule(this.options.intervalMs);
        });
    }, delayMs);
    // The loop alone never keeps the process alive; the HTTP server does.
    this.timer.unref();
  }

  private async probeAll(): Promise<SystemStatus> {
    const checkedAt = this.deps.now();
    const results = await Promise.all(this.probes.map((probe) => runProbe(probe, this.deps, this.storage)));
    for (const result of results) this.note(result, checkedAt);
    if (!this.stopped) await this.persist(results, checkedAt);
    this.current = buildSystemStatus(
      this.probes.map((p) => p.serviceFor?.(this.deps) ?? p.service),
      this.latest,
      this.rollups ?? new Map<string, Map<number, DayTotals>>(),
      this.deps.now(),
      await this.instances.countSeen().catch(() => 0),
    );
    this.rounds++;
    return this.current;
  }

  private note(result: ProbeResult, checkedAt: number): void {
    probeResults.labels(result.service, result.status).inc();
    probeLatency.labels(result.service).set(result.latencyMs / 1000);
    const previous = this.latest.get(result.service)?.result.status;
    if (previous !== undefined && previous !== result.status) {
      const fields = { service: result.service, from: previous, to: result.status, detail: result.detail };
      if (result.status === 'online') this.deps.log.info(fields, 'service recovered');
      else this.deps.log.warn(fields, 'service status changed');
    }
    this.latest.set(result.service, { result, checkedAt });
  }

  /**
   * Records the round and prunes (the leading instance only); then reads the day roll-ups back. A failing database
   * only costs the history.
   */
  private async persist(results: readonly ProbeResult[], checkedAt: number): Promise<void> {
    try {
      // Several instances probe, one records: the history counts each minute once however many instances serve.
      if (await this.deps.dbHandle.leads('status-history')) await this.record(results, checkedAt);
      if (this.stopped) return;
      // ~450 small rows: cheaper to read again than to patch in memory, and always what the database says.
      this.rollups = await this.history.loadDays(checkedAt);
    } catch (err) {
      this.deps.log.error({ err }, 'status history could not be updated');
    }
  }

  /** Stores the round's checks and prunes what fell out of the 90-day window. */
  private async record(results: readonly ProbeResult[], checkedAt: number): Promise<void> {
    await this.history.record(
      results.map((r) => ({
        service: r.service,
        status: r.status,
        latencyMs: r.latencyMs,
        detail: r.detail ?? null,
        checkedAt,
      })),
    );
    // Stopped meanwhile: the database is closing, so the round writes nothing more.
    if (this.stopped) return;
    await this.history.prune(checkedAt);
  }
}
