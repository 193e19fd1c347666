import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The HAProxy binary, or null when it is not installed. `npm test` installs it first as root on Debian, or stops with
 * the command to run (scripts/testPrerequisites.ts); `.ci/run` installs it too. A Playwright run started by hand
 * without it leaves the balancer's test out and says so; under CI it fails instead (playwright.config.ts).
 * HAPROXY_PATH, when set, names the binary to use (and nothing else is looked for).
 */
export function haproxyBinary(): string | null {
  const chosen = process.env.HAPROXY_PATH;
  if (chosen !== undefined) return existsSync(chosen) ? chosen : null;
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  return existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : null;
}
