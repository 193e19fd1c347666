import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { closeDeps, createDeps } from './deps';
import { loadLocalEnv } from './localEnv';
import { StartupError } from './startupError';

/** `listen` failures an operator can fix, as one line naming the port. */
function explainListenError(error: unknown, host: string, port: number): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return `Port ${port} on ${host} is already in use: stop the program using it or set PORT to a free port.`;
  }
  if (code === 'EACCES') return `Not allowed to listen on port ${port} on ${host}: choose a port above 1023 with PORT.`;
  if (code === 'EADDRNOTAVAIL')
    return `Cannot listen on ${host}: no such address on this machine. Set HOST to one of its addresses or 0.0.0.0.`;
  return null;
}

async function main(): Promise<void> {
  loadLocalEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const deps = await createDeps(config);
  const { http } = await buildApp(deps);
  deps.ai.prepare();
  try {
    await http.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const explained = explainListenError(error, config.HOST, config.PORT);
    if (!explained) throw error;
    await closeDeps(deps);
    throw new StartupError(explained, { cause: error });
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      deps.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await http.close();
    } finally {
      await closeDeps(deps);
      deps.log.info('bye');
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // Failures an operator can fix get one clear line; anything else is a bug and keeps its stack.
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
});
