import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { closeDeps, createDeps, type AppDeps } from '../../src/server/deps';
import { runProbe, type Probe } from '../../src/server/status/probe';

const dir = mkdtempSync(join(tmpdir(), 'tickwise-probe-'));
let deps: AppDeps;
beforeAll(async () => {
  deps = await createDeps(loadConfig({ DATABASE_PATH: join(dir, 'probe.db') }), { log: pino({ level: 'silent' }) });
});
afterAll(async () => {
  if (deps) await closeDeps(deps);
  rmSync(dir, { recursive: true, force: true });
});

const service = { id: 'test', name: 'Test', category: 'Tests', description: 'A probe made for this test.' };

describe('runProbe', () => {
  it('records a probe that outlives its timeout as offline, and aborts its work', async () => {
    let aborted = false;
    const slow: Probe = {
      service,
      timeoutMs: () => 50,
      check: ({ signal }) =>
        new Promise(() => {
          signal.addEventListener('abort', () => (aborted = true));
        }),
    };
    const result = await runProbe(slow, deps, deps.status.storage);
    expect(result).toMatchObject({ service: 'test', status: 'offline', detail: 'no answer within 50 ms' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(45);
    expect(aborted).toBe(true);
  });

  it('records a probe that throws as offline with the reason', async () => {
    const broken: Probe = {
      service,
      check: () => {
        throw new Error('disk on fire');
      },
    };
    expect(await runProbe(broken, deps, deps.status.storage)).toMatchObject({
      status: 'offline',
      detail: 'disk on fire',
    });
  });

  it('passes a probe’s own answer through', async () => {
    const limited: Probe = { service, check: () => ({ status: 'limited', detail: 'slow' }) };
    expect(await runProbe(limited, deps, deps.status.storage)).toMatchObject({ status: 'limited', detail: 'slow' });
  });
});
