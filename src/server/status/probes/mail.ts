import type { Probe } from '../probe';

/**
 * E-mail, only on a server that sends it (SMTP_URL): connects to the mail server, greets it and signs in, as every
 * notification mail will. Online when it accepts us, offline otherwise (the detail keeps the server's words for the
 * log). Web push has no probe: every browser maker runs its own push service, and one failing is one device's
 * problem, seen in the delivery metrics (tickwise_notification_deliveries_total), not the site's.
 */
export const mailProbe: Probe = {
  service: {
    id: 'mail',
    name: 'E-mail',
    category: 'Notifications',
    description: 'Notification e-mails to people who chose them.',
  },
  enabled: (deps) => deps.mail !== null,
  timeoutMs: () => 10_000,
  async check({ deps }) {
    if (!deps.mail) return { status: 'offline', detail: 'no mail server configured' };
    await deps.mail.verify();
    return { status: 'online' };
  },
};
