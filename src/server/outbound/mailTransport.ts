import { createTransport } from 'nodemailer';
import type { AttemptOutcome } from './retryQueue';
import type { MailBodies } from './mailBody';

/**
 * E-mail out through the SMTP server of SMTP_URL (nodemailer): `smtp://user:pass@host:587` (STARTTLS when offered)
 * or `smtps://...:465`. A small pool of connections, each step bounded in time, so a stalled mail server holds
 * neither a request (sending runs on the delivery queue) nor a connection for long.
 */

export interface MailTransport {
  send(to: string, bodies: MailBodies): Promise<AttemptOutcome>;
  /** Connects, greets and authenticates: the status probe. Rejects with the server's words when it cannot. */
  verify(): Promise<void>;
  close(): void;
}

const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/**
 * 5xx answers are permanent (no such mailbox, refused); 4xx and connection failures are worth another try (greylisting,
 * a full queue, the server restarting).
 */
export function classifyMailError(error: unknown): AttemptOutcome {
  const e = error as { responseCode?: unknown; message?: unknown; code?: unknown };
  const reason = typeof e.message === 'string' ? e.message : String(error);
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) return { kind: 'failed', reason };
  // An address nodemailer cannot even write into the envelope is not going to improve either.
  if (e.code === 'EENVELOPE') return { kind: 'failed', reason };
  return { kind: 'retry', reason };
}

export function createMailTransport(smtpUrl: string, from: string): MailTransport {
  const transport = createTransport(
    {
      url: smtpUrl,
      pool: true,
      maxConnections: 2,
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    },
    { from },
  );
  return {
    async send(to, bodies) {
      try {
        await transport.sendMail({ to, subject: bodies.subject, text: bodies.text, html: bodies.html });
        return { kind: 'done' };
      } catch (error) {
        return classifyMailError(error);
      }
    },
    async verify() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}
