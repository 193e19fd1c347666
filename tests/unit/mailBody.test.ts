import { describe, expect, it } from 'vitest';
import { buildMailBodies, escapeHtml } from '../../src/server/outbound/mailBody';
import { classifyMailError } from '../../src/server/outbound/mailTransport';

describe('notification mail bodies', () => {
  it('escape every piece of text in the HTML and keep one line of subject', () => {
    const bodies = buildMailBodies({
      subject: 'Alert\r\nBcc: everyone@example.com',
      paragraphs: ['<img src=x onerror=alert(1)>', 'a & b\nnext line'],
      action: { label: 'Open "it"', url: 'https://tickwise.example/x?a=1&b=<2>' },
      footer: 'Why <you> got this',
    });
    expect(bodies.subject).toBe('Alert Bcc: everyone@example.com');
    expect(bodies.html).not.toMatch(/<img|<you>/);
    expect(bodies.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(bodies.html).toContain('a &amp; b<br>next line');
    expect(bodies.html).toContain('href="https://tickwise.example/x?a=1&amp;b=%3C2%3E"');
    expect(bodies.text).toBe(
      '<img src=x onerror=alert(1)>\n\na & b\nnext line\n\nOpen "it": https://tickwise.example/x?a=1&b=%3C2%3E\n\n--\n\nWhy <you> got this',
    );
  });

  it('drop a link that is not http(s)', () => {
    const bodies = buildMailBodies({
      subject: 's',
      paragraphs: ['p'],
      action: { label: 'x', url: 'javascript:alert(1)' },
      footer: 'f',
    });
    expect(bodies.html).not.toContain('href');
    expect(bodies.text).not.toContain('javascript');
    expect(escapeHtml(`'"<>&`)).toBe('&#39;&quot;&lt;&gt;&amp;');
  });

  it('retry temporary SMTP failures only', () => {
    expect(classifyMailError(Object.assign(new Error('greylisted'), { responseCode: 451 }))).toMatchObject({
      kind: 'retry',
    });
    expect(classifyMailError(Object.assign(new Error('ECONNREFUSED'), { code: 'ESOCKET' }))).toMatchObject({
      kind: 'retry',
    });
    expect(classifyMailError(Object.assign(new Error('no mailbox'), { responseCode: 550 }))).toMatchObject({
      kind: 'failed',
    });
  });
});
