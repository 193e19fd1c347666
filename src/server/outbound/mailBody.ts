/**
 * The two bodies of a notification e-mail, plain text and simple HTML, made from text only: every piece of text is
 * escaped before it goes into the HTML, the only markup is this file's own, and the one link must be an http(s) URL
 * (the site's own, made from PUBLIC_URL by the caller). No user-written HTML ever reaches a mail.
 */

export interface MailContent {
  subject: string;
  /** Paragraphs of plain text. */
  paragraphs: readonly string[];
  /** An absolute http(s) link to act on, with its label. */
  action?: { label: string; url: string };
  /** The small print at the bottom (why this mail came, how to stop it). */
  footer: string;
}

export interface MailBodies {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** A subject is one line: line breaks would start new mail headers in a naive relay, and look broken anyway. */
const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

function safeUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function buildMailBodies(content: MailContent): MailBodies {
  const url = content.action ? safeUrl(content.action.url) : null;
  const text = [
    ...content.paragraphs,
    ...(url && content.action ? [`${content.action.label}: ${url}`] : []),
    '--',
    content.footer,
  ].join('\n\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">',
    ...content.paragraphs.map(paragraph),
    url && content.action
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}" style="color:#1864ab">${escapeHtml(content.action.label)}</a></p>`
      : '',
    `<p style="margin:24px 0 0;font-size:12px;color:#5c5f66">${escapeHtml(content.footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: oneLine(content.subject), text, html };
}
