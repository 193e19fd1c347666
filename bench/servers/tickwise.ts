import { startTestServer } from '../../tests/helpers/testServer';

/** The real Tickwise server (simulated market, temp database) on a free loopback port; prints {"port": n}. */
const server = await startTestServer();
console.log(JSON.stringify({ port: Number(new URL(server.url).port) }));
process.on('SIGTERM', async () => {
  await server.close();
  process.exit(0);
});
// The bench asks for this process's CPU time to compare servers independently of other load on the machine.
process.on('SIGUSR2', () => console.log(JSON.stringify(process.cpuUsage())));
