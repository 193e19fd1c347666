import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../src/server/config';
import { closeDeps, createDeps, type AppDeps } from '../../src/server/deps';
import { insertUser } from '../../src/server/modules/auth/users';

export interface AgentTestDeps {
  deps: AppDeps;
  /** A real user row (usage counters reference it). */
  userId: string;
  newUser(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The server's real collaborators (simulated market, built-in analyst, SQLite on a temp file) at a fixed time,
 * for tests of the agent without HTTP.
 */
export async function createAgentTestDeps(now: number, env: Record<string, string> = {}): Promise<AgentTestDeps> {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-agent-'));
  const deps = await createDeps(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_PATH: join(dir, 'agent.db'), ...env }),
    {
      log: pino({ level: 'silent' }),
      now: () => now,
    },
  );
  let n = 0;
  const newUser = async () =>
    (
      await insertUser(deps.db, {
        email: `agent-${process.pid}-${++n}@example.com`,
        firstName: 'Ada',
        lastName: 'Lovelace',
        passwordHash: 'x',
        createdAt: now,
      })
    ).id;
  return {
    deps,
    userId: await newUser(),
    newUser,
    async close() {
      await closeDeps(deps);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
