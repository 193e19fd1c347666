import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server for tests (smtp-server, the library behind many real ones): it asks for a user name and
 * password, parses every mail it accepts with mailparser, and can be told to answer the next mails with an error
 * (451: try again later; 550: no such mailbox) to test the retries.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  parsed: ParsedMail;
}

export class LocalSmtpServer {
  readonly mails: ReceivedMail[] = [];
  /** Mails refused, by the code they got. */
  readonly refusals: number[] = [];
  private readonly failures: number[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static readonly USER = 'tickwise';
  static readonly PASSWORD = 'smtp-secret';

  static async start(): Promise<LocalSmtpServer> {
    const server = new SMTPServer({
      // Plain SMTP with AUTH on loopback: no certificate to trust in tests.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === LocalSmtpServer.USER && auth.password === LocalSmtpServer.PASSWORD) {
          return callback(null, { user: auth.username });
        }
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const failure = self.failures.shift();
        if (failure !== undefined) {
          stream.resume();
          stream.on('end', () => {
            self.refusals.push(failure);
            callback(
              Object.assign(new Error(failure >= 500 ? 'No such mailbox' : 'Try again later'), {
                responseCode: failure,
              }),
            );
          });
          return;
        }
        simpleParser(stream).then(
          (parsed) => {
            self.mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const self = new LocalSmtpServer(server, port);
    return self;
  }

  /** SMTP_URL for this server. */
  get url(): string {
    return `smtp://${LocalSmtpServer.USER}:${LocalSmtpServer.PASSWORD}@127.0.0.1:${this.port}`;
  }

  /** The next mails are answered with these codes, in order. */
  failNext(...codes: number[]): void {
    this.failures.push(...codes);
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
