import { turnHubFor } from '../src/server/modules/chat/turnHub';
import { registerBody, uniqueEmail } from '../tests/api/auth-helpers';
import { ApiClient } from '../tests/helpers/http';
import { TrpcSocket } from '../tests/helpers/sockets';
import { startTestServer } from '../tests/helpers/testServer';
import type { Bench, BenchFigure } from './types';

/**
 * Issue 17 item 1: one user filling the agent's resume store. A user at the daily chat limit sends chat.send with a
 * fresh request id again and again from 6 sockets (reopened when the server closes them), every one refused. The
 * figures are how many answers the resume store keeps and how much the heap grew (after a collection when run as
 * node --expose-gc --import tsx bench/run.ts resume-store).
 */

const SOCKETS = 6;
const ATTEMPTS = 6_000;
const MAX_MS = 30_000;

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

export default {
  name: 'chat resume store under refused sends',
  async run(): Promise<BenchFigure[]> {
    const server = await startTestServer();
    try {
      const client = new ApiClient(server.url);
      await client.post('/api/auth/register', registerBody(uniqueEmail('resume-bench')));
      for (let i = 0; i < 10; i++) await client.post('/api/chat', { message: 'Hi' });
      const cookie = `tickwise_session=${(client as unknown as { cookies: Map<string, string> }).cookies.get('tickwise_session')}`;

      const before = heapMb();
      const started = Date.now();
      let sent = 0;
      let socketsOpened = 0;
      let socketsClosedByServer = 0;
      const worker = async (w: number) => {
        while (sent < ATTEMPTS && Date.now() - started < MAX_MS) {
          let socket: TrpcSocket;
          try {
            socket = await TrpcSocket.open(server.url, { cookie });
          } catch {
            return; // the address may open no more connections for now
          }
          socketsOpened++;
          while (socket.isOpen && sent < ATTEMPTS && Date.now() - started < MAX_MS) {
            const sub = socket.subscribe('chat.send', {
              message: 'Hi',
              requestId: `flood-${w}-${sent++}-${Date.now()}`,
            });
            await sub.ended;
          }
          if (!socket.isOpen) socketsClosedByServer++;
          socket.close();
        }
      };
      await Promise.all(Array.from({ length: SOCKETS }, (_, w) => worker(w)));
      const kept = turnHubFor(server.deps).size;
      const grown = heapMb() - before;
      console.log(
        `  ${sent} sends in ${Date.now() - started} ms over ${socketsOpened} sockets (${socketsClosedByServer} closed by the server)`,
      );
      console.log(`  resume store: ${kept} answers kept; heap grew ${grown.toFixed(1)} MB`);
      return [
        { label: 'chat.send attempts', value: sent, unit: 'requests' },
        { label: 'answers kept in the resume store', value: kept, unit: 'entries', target: { max: 1 } },
        { label: 'heap growth', value: grown, unit: 'MB', target: { max: 20 } },
      ];
    } finally {
      // The resume store's timers hold nothing open (unref), so the server closes at once.
      await server.close();
    }
  },
} satisfies Bench;
