import pg from 'pg';
import { queueQueries } from './oneQueryAtATime';

/**
 * Which instance does the work that must run once (status history rows, housekeeping): the one holding a session
 * advisory lock per job, on a connection kept for it. When that instance stops or dies its connection closes,
 * PostgreSQL releases the lock, and the next instance to ask takes the job over.
 */
export class Leadership {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly held = new Set<string>();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly onProblem: (error: unknown) => void,
  ) {}

  /** True while this instance leads `job`; asks for it when not. Never rejects (a failure reads as "not now"). */
  async leads(job: string): Promise<boolean> {
    if (this.closed) return false;
    try {
      const client = await this.connection();
      if (this.held.has(job)) return true;
      const { rows } = await client.query<{ taken: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as taken',
        [`leader:${job}`],
      );
      if (rows[0].taken) this.held.add(job);
      return rows[0].taken;
    } catch (error) {
      this.onProblem(error);
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    this.held.clear();
    await client?.end().catch(() => {});
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      // Jobs ask on their own schedules, possibly at once: their questions queue (oneQueryAtATime.ts).
      const client = queueQueries(new pg.Client({ connectionString: this.url }));
      // A lost connection lost its locks with it: forget them and connect again on the next question.
      const lose = (error?: unknown) => {
        if (error) this.onProblem(error);
        if (this.client === client) this.client = null;
        this.held.clear();
      };
      client.on('error', lose);
      client.on('end', () => lose());
      try {
        await client.connect();
      } catch (error) {
        this.connecting = null;
        throw error;
      }
      this.client = client;
      this.connecting = null;
      return client;
    })();
    return this.connecting;
  }
}
