import { existsSync } from 'node:fs';

/**
 * A local `.env` file in the working folder, read by the server and by the operator command alike, so both see the
 * same settings (the command printed reset links to port 3000 while the server listened on the `.env`'s PORT).
 * Real environment variables win over it.
 */
export function loadLocalEnv(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
}
