import { registerBody, uniqueEmail } from '../tests/api/auth-helpers';
import { ApiClient } from '../tests/helpers/http';
import { startFakeOpenAi } from '../tests/helpers/openAiServer';
import { TrpcSocket } from '../tests/helpers/sockets';
import { startTestServer } from '../tests/helpers/testServer';
import { setInterval as every } from 'node:timers/promises';
import type { Bench, BenchFigure } from './types';

/**
 * Issue 17 item 2: deleting a conversation while its answers stream, to have the units given back. Each round opens a
 * conversation (one stored answer), streams as many answers into it as the limit and the server allow, deletes it
 * once every answer has started and lets the (slow) model finish. The figure is how many full answers one user
 * reads in a day against a limit of 10. Run: npx tsx bench/run.ts delete-mid
 */

const ANSWER = 'A full answer from a slow model, read by the user while it is written.';
const SOCKETS = 2;
const PER_SOCKET = 3;

export default {
  name: 'chat answers read while deleting their conversation',
  async run(): Promise<BenchFigure[]> {
    const fake = await startFakeOpenAi();
    const server = await startTestServer({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'test-model' });
    try {
      const client = new ApiClient(server.url);
      await client.post('/api/auth/register', registerBody(uniqueEmail('delete-bench')));
      const cookie = `tickwise_session=${(client as unknown as { cookies: Map<string, string> }).cookies.get('tickwise_session')}`;
      let fullAnswers = 0;
      for (let round = 0; round < 100; round++) {
        fake.script({ content: ANSWER });
        const opened = await client.post('/api/chat', { message: 'Open a conversation' });
        if (opened.status !== 200) break;
        fullAnswers++;
        const { conversationId } = opened.json;
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const sockets = await Promise.all(
          Array.from({ length: SOCKETS }, () => TrpcSocket.open(server.url, { cookie })),
        );
        const subs = sockets.flatMap((socket, s) =>
          Array.from({ length: PER_SOCKET }, (_, i) => {
            fake.script({ content: ANSWER, gate });
            return socket.subscribe('chat.send', {
              message: 'Again',
              conversationId,
              requestId: `round-${round}-${s}-${i}-${Date.now()}`,
            });
          }),
        );
        // Every answer has either started streaming or was refused.
        // Outside vitest (vi.waitFor needs its runner): poll every 10 ms for up to 10 s.
        const deadline = Date.now() + 10_000;
        for await (const _ of every(10)) {
          if (subs.every((sub) => sub.failure.error || sub.data.some((e) => e.data.type === 'token'))) break;
          if (Date.now() > deadline) throw new Error('the answers did not start within 10000 ms');
        }
        await client.delete(`/api/chat/conversations/${conversationId}`);
        release();
        await Promise.all(subs.map((sub) => sub.ended));
        fullAnswers += subs.filter(
          (sub) =>
            sub.data
              .filter((e) => e.data.type === 'token')
              .map((e) => e.data.text)
              .join('') === ANSWER,
        ).length;
        for (const socket of sockets) socket.close();
        fake.reset();
      }
      console.log(`  ${fullAnswers} full answers read against a daily limit of 10`);
      return [
        { label: 'full answers read in a day (limit 10)', value: fullAnswers, unit: 'answers', target: { max: 11 } },
      ];
    } finally {
      await server.close();
      await fake.close();
    }
  },
} satisfies Bench;
