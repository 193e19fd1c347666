import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/server/modules/notifications/notify';
import { LocalSmtpServer } from '../helpers/smtpServer';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { person } from './social-helpers';

/**
 * Issue 30 §3, e-mail when SMTP_URL is set, against a local SMTP server (smtp-server + mailparser): the mail goes to
 * the account's own address with a plain-text and an HTML body made from escaped text, off the request path, tried
 * again after a temporary refusal, and the status page shows the mail service.
 */

let server: TestServer;
let smtp: LocalSmtpServer;

beforeAll(async () => {
  smtp = await LocalSmtpServer.start();
  server = await startTestServer({
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Tickwise Alerts <alerts@tickwise.example>',
    PUBLIC_URL: 'https://tickwise.example',
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('e-mail notifications', () => {
  it('are off by default, and sent to the account’s address once the user chooses them', async () => {
    const ada = await person(server.url);
    expect((await ada.browser.get('/api/notifications/preferences')).json).toMatchObject({
      email: false,
      emailAvailable: true,
    });
    await notify(server.deps, ada.id, { kind: 'alert', title: 'Not by mail' });
    await server.deps.notifications.idle();
    expect(smtp.mailsTo(ada.email)).toEqual([]);

    await ada.browser.put('/api/notifications/preferences', { email: true });
    await notify(server.deps, ada.id, {
      kind: 'alert',
      title: 'AAPL is above 200.00',
      body: 'Apple Inc. traded at 201.35.\nYour note: <b>sell half</b> & "review" <script>alert(1)</script>',
      link: '/trading?symbol=AAPL&range=1D',
    });
    await server.deps.notifications.idle();
    const [mail] = smtp.mailsTo(ada.email);
    expect(mail.to).toEqual([ada.email]);
    expect(mail.from).toBe('alerts@tickwise.example');
    expect(mail.parsed.subject).toBe('AAPL is above 200.00');
    expect(mail.parsed.text).toContain('Your note: <b>sell half</b> & "review" <script>alert(1)</script>');
    expect(mail.parsed.text).toContain('Open in Tickwise: https://tickwise.example/trading?symbol=AAPL&range=1D');
    const html = String(mail.parsed.html);
    // The note is text in the HTML: escaped, never markup.
    expect(html).toContain('Your note: &lt;b&gt;sell half&lt;/b&gt; &amp; &quot;review&quot; &lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>sell');
    expect(html).toContain('href="https://tickwise.example/trading?symbol=AAPL&amp;range=1D"');
  });

  it('is sent when the caller chooses e-mail, whatever the default', async () => {
    const ada = await person(server.url);
    await notify(server.deps, ada.id, { kind: 'alert', title: 'Chosen for this alert' }, ['email']);
    await server.deps.notifications.idle();
    expect(smtp.mailsTo(ada.email).map((m) => m.parsed.subject)).toEqual(['Chosen for this alert']);
  });

  it('tries again after a temporary refusal (451) and gives up at once on a permanent one (550)', async () => {
    const ada = await person(server.url);
    smtp.failNext(451);
    const started = Date.now();
    const answered = notify(server.deps, ada.id, { kind: 'alert', title: 'Second time lucky' }, ['email']);
    // The caller does not wait for the mail server.
    await answered;
    expect(Date.now() - started).toBeLessThan(1_000);
    await server.deps.notifications.idle();
    expect(smtp.refusals).toContain(451);
    expect(smtp.mailsTo(ada.email).map((m) => m.parsed.subject)).toEqual(['Second time lucky']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);

    const refusedBefore = smtp.refusals.length;
    smtp.failNext(550);
    await notify(server.deps, ada.id, { kind: 'alert', title: 'Never arrives' }, ['email']);
    await server.deps.notifications.idle();
    expect(smtp.refusals.length).toBe(refusedBefore + 1);
    expect(smtp.mailsTo(ada.email).map((m) => m.parsed.subject)).toEqual(['Second time lucky']);
  }, 30_000);

  it('is limited per user: past 20 in an hour, mail is skipped and the notification centre still has them', async () => {
    const ada = await person(server.url);
    for (let i = 0; i < 22; i++) await notify(server.deps, ada.id, { kind: 'alert', title: `m${i}` }, ['email']);
    await server.deps.notifications.idle();
    expect(smtp.mailsTo(ada.email)).toHaveLength(20);
    expect((await ada.browser.get('/api/notifications')).json.unreadCount).toBe(22);
  });
});

describe('the status page', () => {
  it('shows the mail service when SMTP_URL is set: online while the server answers, offline when it is gone', async () => {
    const status = await server.deps.status.runRound();
    const mail = status.services.find((s) => s.id === 'mail');
    expect(mail).toMatchObject({ name: 'E-mail', status: 'online' });

    const plain = await startTestServer();
    try {
      const plainStatus = await plain.deps.status.runRound();
      expect(plainStatus.services.map((s) => s.id)).not.toContain('mail');
    } finally {
      await plain.close();
    }

    const gone = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const goneStatus = await gone.deps.status.runRound();
      expect(goneStatus.services.find((s) => s.id === 'mail')?.status).toBe('offline');
    } finally {
      await gone.close();
    }
  });
});
