import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The HAProxy binary, or null when it is not installed. `.ci/run` installs it; on a machine without it the
 * balancer's browser test is left out of the run (playwright.config.ts), and the run says so.
 */
export function haproxyBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  return existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : null;
}
