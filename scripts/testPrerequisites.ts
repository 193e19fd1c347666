// `npm test`'s first step (package.json "pretest", and "pretest:e2e" for the browser tests alone): the browser tests
// need Chromium (Debian's, at CHROMIUM_PATH or /usr/bin/chromium) and HAProxy (tests/e2e/load-balancer.spec.ts runs
// deploy/haproxy.cfg). On a machine without them, `npm test` used to run for many minutes and then fail, or leave the
// balancer's test out (issue 26). Now: as root on Debian they are installed, saying so first; anywhere else the run
// stops at once with the exact command to run. Nothing is ever skipped quietly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { CHROMIUM_PATH } from '../tests/helpers/chromium';
import { haproxyBinary } from '../tests/helpers/haproxy';

export interface Machine {
  /** CHROMIUM_PATH and HAPROXY_PATH as set, if they were: a path someone chose is never installed over. */
  chromiumPath: string | undefined;
  haproxyPath: string | undefined;
  hasChromium: boolean;
  hasHaproxy: boolean;
  isRoot: boolean;
  /** Debian (or a derivative) with apt-get. */
  isDebian: boolean;
}

export type Plan =
  { kind: 'ready' } | { kind: 'install'; packages: string[]; say: string } | { kind: 'stop'; say: string };

const INSTALL_COMMAND = (packages: string[]) =>
  `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;

/** What to do about the programs the tests need on this machine. */
export function planPrerequisites(machine: Machine): Plan {
  const missing: string[] = [];
  if (!machine.hasChromium) missing.push('chromium');
  if (!machine.hasHaproxy) missing.push('haproxy');
  if (missing.length === 0) return { kind: 'ready' };
  const what = missing.map((name) => (name === 'chromium' ? 'Chromium' : 'HAProxy')).join(' and ');
  for (const [variable, path, has, name] of [
    ['CHROMIUM_PATH', machine.chromiumPath, machine.hasChromium, 'chromium'],
    ['HAPROXY_PATH', machine.haproxyPath, machine.hasHaproxy, 'haproxy'],
  ] as const) {
    if (path !== undefined && !has) {
      return {
        kind: 'stop',
        say: `npm test: ${variable} is ${path}, which does not exist. Point it at the ${name} binary, or unset it to use Debian's (${INSTALL_COMMAND([name])}).`,
      };
    }
  }
  if (machine.isRoot && machine.isDebian) {
    return {
      kind: 'install',
      packages: missing,
      say: `npm test: the browser tests need ${what}, which this machine lacks. Installing: ${INSTALL_COMMAND(missing)}`,
    };
  }
  const command = machine.isDebian ? `sudo sh -c '${INSTALL_COMMAND(missing)}'` : null;
  return {
    kind: 'stop',
    say: command
      ? `npm test: the browser tests need ${what}, which this machine lacks. Install ${missing.length > 1 ? 'them' : 'it'} and run npm test again:\n  ${command}`
      : `npm test: the browser tests need ${what}, which this machine lacks. Install ${missing.join(' and ')} with your system's package manager (Chromium's binary at /usr/bin/chromium, or set CHROMIUM_PATH) and run npm test again.`,
  };
}

export function thisMachine(): Machine {
  return {
    chromiumPath: process.env.CHROMIUM_PATH,
    haproxyPath: process.env.HAPROXY_PATH,
    hasChromium: existsSync(CHROMIUM_PATH),
    hasHaproxy: haproxyBinary() !== null,
    isRoot: process.getuid?.() === 0,
    isDebian: existsSync('/etc/debian_version') && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0,
  };
}

/** Carries the plan out; returns the exit code (0: the tests can run). */
export function ensurePrerequisites(machine: Machine = thisMachine()): number {
  const plan = planPrerequisites(machine);
  if (plan.kind === 'ready') return 0;
  if (plan.kind === 'stop') {
    console.error(plan.say);
    return 1;
  }
  console.log(plan.say);
  const installed = spawnSync('sh', ['-c', INSTALL_COMMAND(plan.packages)], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const after = thisMachine();
  if (installed.status === 0 && planPrerequisites(after).kind === 'ready') return 0;
  console.error(
    `npm test: installing ${plan.packages.join(' and ')} failed. Run this, then npm test again:\n  ${INSTALL_COMMAND(plan.packages)}`,
  );
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(ensurePrerequisites());
