import type { FastifyInstance } from 'fastify';
import { readFileSync, statSync } from 'node:fs';
import type { AppDeps } from '../../depsTypes';
import { countHoldings } from './queries';
import { findSharedPortfolio } from './sharing';

/**
 * The page behind a shared link, /portfolio/shared/{link}: the SPA's index.html with the link preview (title,
 * description, Open Graph) and `noindex` written into its head, and X-Robots-Tag on the answer. Chat apps and
 * crawlers do not run scripts, so these must be in the HTML. Only what the public page itself shows is used
 * (name, description, number of holdings); every value is HTML-escaped.
 */

const APP_NAME = 'Tickwise';
const MAX_DESCRIPTION = 200;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function shorten(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

export interface LinkPreview {
  title: string;
  description: string;
}

export function previewOf(
  found: { name: string; description: string | null; holdingsCount: number } | null,
): LinkPreview {
  if (!found) {
    return {
      title: `Portfolio Not Found · ${APP_NAME}`,
      description: 'This portfolio is private or does not exist.',
    };
  }
  const count = `${found.holdingsCount} ${found.holdingsCount === 1 ? 'holding' : 'holdings'}`;
  return {
    title: `${found.name} · Public Portfolio · ${APP_NAME}`,
    description: shorten(
      found.description?.trim() || `A read-only portfolio with ${count}, shared on ${APP_NAME}.`,
      MAX_DESCRIPTION,
    ),
  };
}

/** index.html with its title and description replaced and the preview and robots tags added to the head. */
export function withPreviewTags(indexHtml: string, preview: LinkPreview): string {
  const title = escapeHtml(preview.title);
  const description = escapeHtml(preview.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    '<meta name="robots" content="noindex, nofollow" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${APP_NAME}" />`,
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join('\n    ');
  const head = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  return head.replace(/<\/head>/i, `  ${tags}\n  </head>`);
}

/** Reads index.html again only when the build replaced it. */
function indexHtmlReader(path: string): () => string {
  let cached = { mtimeMs: -1, html: '' };
  return () => {
    const { mtimeMs } = statSync(path);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(path, 'utf8') };
    return cached.html;
  };
}

export function registerSharedPortfolioPage(
  http: FastifyInstance,
  deps: Pick<AppDeps, 'db'>,
  indexHtmlPath: string,
): void {
  const readIndex = indexHtmlReader(indexHtmlPath);
  http.get<{ Params: { shareableLink: string } }>('/portfolio/shared/:shareableLink', async (req, reply) => {
    const row = await findSharedPortfolio(deps, req.params.shareableLink);
    const preview = previewOf(
      row
        ? { name: row.name, description: row.description, holdingsCount: await countHoldings(deps.db, row.id) }
        : null,
    );
    return reply
      .code(row ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(withPreviewTags(readIndex(), preview));
  });
}
