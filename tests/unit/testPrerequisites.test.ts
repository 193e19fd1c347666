import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { planPrerequisites, type Machine } from '../../scripts/testPrerequisites';

/**
 * Issue 26 item 9: `npm test` on a machine without Chromium or HAProxy ran for many minutes before failing, or left
 * the balancer's test out. Its first step now installs them as root on Debian (saying so), and otherwise stops at once
 * with the command to run; under CI a missing HAProxy fails the browser run instead of dropping a test.
 */

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');

const debianRoot: Machine = {
  chromiumPath: undefined,
  haproxyPath: undefined,
  hasChromium: true,
  hasHaproxy: true,
  isRoot: true,
  isDebian: true,
};

describe("npm test's prerequisites", () => {
  it('runs the tests when Chromium and HAProxy are there', () => {
    expect(planPrerequisites(debianRoot)).toEqual({ kind: 'ready' });
    expect(planPrerequisites({ ...debianRoot, isRoot: false, isDebian: false })).toEqual({ kind: 'ready' });
  });

  it('as root on Debian, installs what is missing and says so first', () => {
    const plan = planPrerequisites({ ...debianRoot, hasChromium: false, hasHaproxy: false });
    expect(plan).toEqual({
      kind: 'install',
      packages: ['chromium', 'haproxy'],
      say: 'npm test: the browser tests need Chromium and HAProxy, which this machine lacks. Installing: apt-get update && apt-get install -y --no-install-recommends chromium haproxy',
    });
    expect(planPrerequisites({ ...debianRoot, hasHaproxy: false })).toMatchObject({ packages: ['haproxy'] });
  });

  it('anywhere else, stops at once with the exact command to run', () => {
    expect(planPrerequisites({ ...debianRoot, isRoot: false, hasHaproxy: false })).toEqual({
      kind: 'stop',
      say: "npm test: the browser tests need HAProxy, which this machine lacks. Install it and run npm test again:\n  sudo sh -c 'apt-get update && apt-get install -y --no-install-recommends haproxy'",
    });
    const elsewhere = planPrerequisites({ ...debianRoot, isDebian: false, hasChromium: false });
    expect(elsewhere.kind).toBe('stop');
    expect(elsewhere).toMatchObject({ say: expect.stringContaining('Install chromium with your system') });
    // A path someone chose is never installed over.
    expect(planPrerequisites({ ...debianRoot, chromiumPath: '/opt/none/chrome', hasChromium: false })).toMatchObject({
      kind: 'stop',
      say: expect.stringContaining('CHROMIUM_PATH is /opt/none/chrome, which does not exist'),
    });
  });

  it('the script itself: passes here, and stops at once (exit 1, the command) when told of a missing binary', async () => {
    const tsx = join(root, 'node_modules/.bin/tsx');
    const here = await run(tsx, ['scripts/testPrerequisites.ts'], { cwd: root });
    expect(here.stdout + here.stderr).toBe('');
    const started = Date.now();
    const missing = await run(tsx, ['scripts/testPrerequisites.ts'], {
      cwd: root,
      env: { ...process.env, HAPROXY_PATH: '/nonexistent/haproxy' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(missing).toMatchObject({ code: 1 });
    expect((missing as { stderr: string }).stderr).toContain('HAPROXY_PATH is /nonexistent/haproxy');
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('under CI, a Playwright run without HAProxy fails instead of leaving the balancer test out', async () => {
    const playwright = join(root, 'node_modules/.bin/playwright');
    const failed = await run(playwright, ['test', '--list'], {
      cwd: root,
      env: { ...process.env, CI: '1', HAPROXY_PATH: '/nonexistent/haproxy' },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    const { stdout, stderr } = failed;
    expect(stdout + stderr).toContain('HAProxy is not installed, and CI runs every test');
  }, 60_000);
});
