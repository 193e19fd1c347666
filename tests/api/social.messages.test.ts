import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { MAX_MESSAGE_LENGTH, MESSAGE_RATE } from '../../src/shared/social/limits';
import { SOCIAL_MESSAGES as M } from '../../src/shared/social/messages';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { befriend, person, sendText, type Person } from './social-helpers';

/**
 * Issue 11, Messages: only between friends (others get the 404 of someone who does not exist), the content rules,
 * insights made from the sender's own agent answers, 30 a minute per sender, the conversation's pages and cursor, read marks, and IDOR: a third person
 * can neither read nor write in a conversation that is not theirs.
 */

let server: TestServer;
let ada: Person;
let bob: Person;
let eve: Person;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  [ada, bob, eve] = [await person(server.url, 'Ada'), await person(server.url, 'Bob'), await person(server.url, 'Eve')];
  await befriend(ada, bob);
});
afterAll(async () => server?.close());

/** Asks the Financial Agent as `who` (stored in their chat history) and returns the stored answer's id and body. */
async function agentAnswer(who: Person, question: string) {
  const res = await who.browser.post('/api/chat', { message: question });
  expect(res.status, res.text).toBe(200);
  return res.json as { messageId: number; content: string; sources: unknown[] };
}

describe('sending', () => {
  it('stores a text message between friends and answers the server message', async () => {
    const res = await sendText(ada, bob, '  Hello Bob  ');
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      senderId: ada.id,
      receiverId: bob.id,
      content: 'Hello Bob',
      messageType: 'text',
      metadata: null,
      createdAt: expect.any(String),
      readAt: null,
      sender: { firstName: 'Ada' },
    });
  });

  it("makes an insight from the sender's own stored agent answer: its text, question and the sources its tools returned", async () => {
    const answer = await agentAnswer(bob, 'How volatile is TSLA?');
    expect(answer.sources.length).toBeGreaterThan(0);
    const res = await bob.browser.post('/api/direct-messages/send', {
      receiverId: ada.id,
      messageType: 'insight',
      agentMessageId: answer.messageId,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.messageType).toBe('insight');
    expect(res.json.content).toBe(answer.content.trim());
    expect(res.json.metadata).toEqual({
      question: 'How volatile is TSLA?',
      generatedAt: expect.any(String),
      sources: answer.sources,
    });
    const page = (await ada.browser.get(`/api/direct-messages/${bob.id}`)).json;
    expect(page.messages.at(-1).metadata).toEqual(res.json.metadata);
  });

  it("a forged insight (typed text, made-up source chips) never arrives; only the sender's own answer ids are accepted", async () => {
    const before = (await ada.browser.get(`/api/direct-messages/${bob.id}`)).json.messages.length;
    const forgedSources = [
      {
        tool: 'get_quote',
        provider: 'Bloomberg',
        simulated: false,
        label: 'Bloomberg Terminal',
        asOf: '2025-01-15T14:05:00.000Z',
        subject: 'TSLA',
      },
    ];
    const forged = await bob.browser.post('/api/direct-messages/send', {
      receiverId: ada.id,
      content: 'TSLA will **triple** by Friday, verified.',
      messageType: 'insight',
      metadata: { question: 'Should I buy TSLA?', generatedAt: '2025-01-15T14:05:00.000Z', sources: forgedSources },
    });
    expect(forged.status).toBe(400);
    expect(forged.json).toEqual({ message: `metadata: ${M.insightMetadataFields}` });
    // The same without made-up sources: still no stored answer to make it from.
    const untied = await bob.browser.post('/api/direct-messages/send', {
      receiverId: ada.id,
      content: 'TSLA will **triple** by Friday, verified.',
      messageType: 'insight',
      metadata: { question: 'Should I buy TSLA?', generatedAt: '2025-01-15T14:05:00.000Z' },
    });
    expect(untied.status).toBe(400);
    expect(untied.json).toEqual({ message: `agentMessageId: ${M.insightNeedsAgentAnswer}` });

    // Someone else's answer, a question's id and an unknown id all answer the same 404.
    const evesAnswer = await agentAnswer(eve, 'What is AAPL trading at?');
    for (const agentMessageId of [evesAnswer.messageId, evesAnswer.messageId - 1, 99_999_999]) {
      const res = await bob.browser.post('/api/direct-messages/send', {
        receiverId: ada.id,
        messageType: 'insight',
        agentMessageId,
      });
      expect(res.status, String(agentMessageId)).toBe(404);
      expect(res.json).toEqual({ message: M.agentAnswerNotFound });
    }
    expect((await ada.browser.get(`/api/direct-messages/${bob.id}`)).json.messages).toHaveLength(before);
  });

  it('shares an insight made over REST the documented way: the answer of POST /api/ai/insight sent back with its id', async () => {
    const insight = await bob.browser.post('/api/ai/insight', { question: 'What is AAPL trading at?' });
    expect(insight.status, insight.text).toBe(200);
    const { content, question, generatedAt, agentMessageId, sources } = insight.json;
    const documented = { receiverId: ada.id, messageType: 'insight', content, metadata: { question, generatedAt } };
    for (const body of [
      { ...documented, agentMessageId },
      { ...documented, metadata: { question, generatedAt, agentMessageId } },
    ]) {
      const res = await bob.browser.post('/api/direct-messages/send', body);
      expect(res.status, res.text).toBe(201);
      expect(res.json).toMatchObject({ messageType: 'insight', metadata: { question, generatedAt, sources } });
      // Stored without the sources footer: the card lists the sources from the metadata.
      expect(content).toContain('Sources:');
      expect(res.json.content).not.toContain('Sources:');
      expect(content.startsWith(res.json.content)).toBe(true);
    }
    // The documented payload without the id is not enough: nothing ties its text to a stored answer.
    const untied = await bob.browser.post('/api/direct-messages/send', documented);
    expect(untied.status).toBe(400);
    expect(untied.json).toEqual({ message: `agentMessageId: ${M.insightNeedsAgentAnswer}` });
  });

  it("refuses an insight whose text or question is not its stored answer's, even with the right id", async () => {
    const insight = (await bob.browser.post('/api/ai/insight', { question: 'How volatile is TSLA?' })).json;
    const before = (await ada.browser.get(`/api/direct-messages/${bob.id}`)).json.messages.length;
    const send = (body: Record<string, unknown>) =>
      bob.browser.post('/api/direct-messages/send', {
        receiverId: ada.id,
        messageType: 'insight',
        agentMessageId: insight.agentMessageId,
        ...body,
      });
    const edited = await send({ content: `${insight.content}\n\nVerified: TSLA will triple by Friday.` });
    expect(edited.status).toBe(400);
    expect(edited.json).toEqual({ message: `content: ${M.insightTextNotTheAnswer}` });
    const replaced = await send({ content: 'TSLA will **triple** by Friday, verified.' });
    expect(replaced.json).toEqual({ message: `content: ${M.insightTextNotTheAnswer}` });
    const otherQuestion = await send({
      metadata: { question: 'Should I sell everything?', generatedAt: insight.generatedAt },
    });
    expect(otherQuestion.status).toBe(400);
    expect(otherQuestion.json).toEqual({ message: `metadata: ${M.insightQuestionNotTheAnswer}` });
    expect((await ada.browser.get(`/api/direct-messages/${bob.id}`)).json.messages).toHaveLength(before);
  });

  it('refuses blank, too long and malformed content, and insights without an agent answer id, with words', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ content: '' }, `content: ${M.contentRequired}`],
      [{ content: ' \n\t ' }, `content: ${M.contentRequired}`],
      [{}, `content: ${M.contentRequired}`],
      [{ content: 42 }, `content: ${M.contentRequired}`],
      [{ content: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) }, `content: ${M.contentTooLong}`],
      [{ content: 'hi', messageType: 'video' }, `messageType: ${M.messageTypeInvalid}`],
      [{ content: 'hi', metadata: { question: 'q' } }, `metadata: ${M.textTakesNoMetadata}`],
      [{ messageType: 'insight' }, `agentMessageId: ${M.insightNeedsAgentAnswer}`],
      [{ messageType: 'insight', agentMessageId: 'abc' }, `agentMessageId: ${M.insightNeedsAgentAnswer}`],
      [{ messageType: 'insight', agentMessageId: -3 }, `agentMessageId: ${M.insightNeedsAgentAnswer}`],
      [
        { messageType: 'insight', agentMessageId: 1, metadata: { question: 'q', sources: [] } },
        `metadata: ${M.insightMetadataFields}`,
      ],
      [{ messageType: 'insight', agentMessageId: 1, metadata: ['q'] }, `metadata: ${M.insightMetadataFields}`],
      [
        { messageType: 'insight', agentMessageId: 1, metadata: { generatedAt: 'yesterday' } },
        `metadata: ${M.insightGeneratedAtInvalid}`,
      ],
      [{ messageType: 'insight', agentMessageId: 1, content: 42 }, `content: ${M.insightTextNotTheAnswer}`],
      [{ content: 'Ada\uD800' }, 'content: Text contains characters that cannot be stored'],
    ];
    for (const [body, message] of cases) {
      const res = await ada.browser.post('/api/direct-messages/send', { receiverId: bob.id, ...body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json).toEqual({ message });
    }
    // Exactly 2,000 characters is a message.
    expect((await sendText(ada, bob, 'y'.repeat(MAX_MESSAGE_LENGTH))).status).toBe(201);
  });

  it('refuses messages between people who are not friends exactly like messages to nobody', async () => {
    const toStranger = await sendText(eve, ada, 'hi');
    const toNobody = await eve.browser.post('/api/direct-messages/send', {
      receiverId: 'abcdefghijklmnop',
      content: 'hi',
    });
    const toSelf = await sendText(ada, ada, 'hi');
    for (const res of [toStranger, toNobody, toSelf]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: M.userNotFound });
    }
    // A pending request is not a friendship either.
    expect((await eve.browser.post('/api/friend-requests/send', { username: ada.email })).status).toBe(200);
    expect((await sendText(eve, ada, 'hi')).status).toBe(404);
    expect((await sendText(ada, eve, 'hi')).status).toBe(404);
  });
});

describe('reading', () => {
  it('pages the conversation newest first with a cursor, oldest to newest within a page', async () => {
    const [p, q] = [await person(server.url), await person(server.url)];
    await befriend(p, q);
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push((await sendText(i % 2 ? p : q, i % 2 ? q : p, `m${i}`)).json.id);

    const first = (await p.browser.get(`/api/direct-messages/${q.id}?limit=3`)).json;
    expect(first.messages.map((m: { content: unknown }) => m.content)).toEqual(['m5', 'm6', 'm7']);
    expect(first.nextCursor).toBe(ids[4]);
    const second = (await p.browser.get(`/api/direct-messages/${q.id}?limit=3&cursor=${first.nextCursor}`)).json;
    expect(second.messages.map((m: { content: unknown }) => m.content)).toEqual(['m2', 'm3', 'm4']);
    const third = (await p.browser.get(`/api/direct-messages/${q.id}?limit=3&cursor=${second.nextCursor}`)).json;
    expect(third).toEqual({ messages: [expect.objectContaining({ content: 'm1' })], nextCursor: null });
    // The default page is 30: everything here, no cursor.
    const all = (await q.browser.get(`/api/direct-messages/${p.id}`)).json;
    expect(all.messages).toHaveLength(7);
    expect(all.nextCursor).toBeNull();

    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'cursor=-1', 'cursor=1.5', 'cursor=x']) {
      const res = await p.browser.get(`/api/direct-messages/${q.id}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.message).toMatch(/^(limit|cursor): /);
    }
  });

  it('marks the friend’s messages read when the newest page is read, and on request up to an id', async () => {
    const [p, q] = [await person(server.url), await person(server.url)];
    await befriend(p, q);
    const first = (await sendText(q, p, 'first')).json;
    const second = (await sendText(q, p, 'second')).json;
    await sendText(p, q, 'mine');
    const marked = await p.browser.post(`/api/direct-messages/${q.id}/read`, { upToId: first.id });
    expect(marked.json).toEqual({ updated: 1 });
    expect((await p.browser.get('/api/friends')).json[0].unreadCount).toBe(1);

    const page = (await p.browser.get(`/api/direct-messages/${q.id}`)).json;
    // The answer shows the state before this read; the next one shows it read.
    expect(page.messages.find((m: { id: unknown }) => m.id === second.id).readAt).toBeNull();
    const again = (await p.browser.get(`/api/direct-messages/${q.id}`)).json;
    expect(again.messages.find((m: { id: unknown }) => m.id === second.id).readAt).toEqual(expect.any(String));
    // The sender's own messages are never marked by the sender reading.
    expect(again.messages.find((m: { content: unknown }) => m.content === 'mine').readAt).toBeNull();
    expect((await p.browser.get('/api/friends')).json[0].unreadCount).toBe(0);
  });
});

describe('IDOR', () => {
  it('a third person can neither read, mark read nor write in a conversation that is not theirs', async () => {
    const { directMessages } = tablesOf(server.deps.db);
    const secret = (await sendText(ada, bob, 'just between us')).json;
    const reads = [
      await eve.browser.get(`/api/direct-messages/${bob.id}`),
      await eve.browser.get(`/api/direct-messages/${ada.id}`),
      await eve.browser.post(`/api/direct-messages/${ada.id}/read`, {}),
      await sendText(eve, bob, 'let me in'),
      // A body cannot name someone else as the sender.
      await eve.browser.post('/api/direct-messages/send', {
        receiverId: bob.id,
        senderId: ada.id,
        content: 'from Ada, honest',
      }),
    ];
    for (const res of reads) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: M.userNotFound });
      expect(res.text).not.toContain('just between us');
    }
    const [unread] = await server.deps.db
      .select({ readAt: directMessages.readAt })
      .from(directMessages)
      .where(eq(directMessages.id, secret.id));
    expect(unread.readAt).toBeNull();
    const [fromEve] = await server.deps.db
      .select({ n: count() })
      .from(directMessages)
      .where(eq(directMessages.senderId, eve.id));
    expect(fromEve.n).toBe(0);
  });
});

describe('rate limit', () => {
  it(`allows ${MESSAGE_RATE.max} messages a minute per sender, also when they arrive at once`, async () => {
    const [p, q, r] = [await person(server.url), await person(server.url), await person(server.url)];
    await befriend(p, q);
    await befriend(p, r);
    const answers = await Promise.all(
      Array.from({ length: MESSAGE_RATE.max + 6 }, (_, i) => sendText(p, i % 2 ? q : r, `burst ${i}`)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MESSAGE_RATE.max);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(6);
    expect(refused[0].json).toEqual({ message: M.messagesTooFast });
    // The limit is the sender's: their friends may still write to them.
    expect((await sendText(q, p, 'still here')).status).toBe(201);
  });
});
