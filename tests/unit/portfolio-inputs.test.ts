import { describe, expect, it } from 'vitest';
import { escapeHtml, previewOf, withPreviewTags } from '../../src/server/modules/portfolios/sharedPage';
import { lookupKeyOf, newShareableLink, SHARE_LINK_PATTERN } from '../../src/server/modules/portfolios/shareLink';
import { holdingsToCsv } from '../../src/shared/portfolio/csv';
import {
  MISSING_HEADER_MESSAGE,
  readPositionsFile as readHoldingsCsv,
} from '../../src/shared/portfolio/brokers/readPositions';
import { readCsvRecords } from '../../src/shared/portfolio/csvRecords';
import { PORTFOLIO_MESSAGES as M } from '../../src/shared/portfolio/messages';
import { addHoldingSchema, createPortfolioSchema, holdingFieldsSchema } from '../../src/shared/portfolio/schemas';
import type { ValuedHolding } from '../../src/shared/portfolio/types';

function messageOf(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string | undefined {
  return result.success ? undefined : result.error!.issues.map((i) => i.message).join('; ');
}

describe('holding fields', () => {
  const valid = { symbol: ' aapl ', quantity: 1, averagePrice: 1 };
  it('normalizes the symbol and keeps numbers as exact decimal text', () => {
    expect(holdingFieldsSchema.parse({ ...valid, quantity: 0.1, averagePrice: '12.50' })).toEqual({
      symbol: 'AAPL',
      quantity: '0.1',
      averagePrice: '12.5',
    });
    expect(holdingFieldsSchema.parse({ ...valid, quantity: 1e-8, averagePrice: -0 })).toMatchObject({
      quantity: '0.00000001',
      averagePrice: '0',
    });
  });

  it.each([
    [{ quantity: 0 }, M.quantityNotPositive],
    [{ quantity: -1 }, M.quantityNotPositive],
    [{ quantity: '1000000000.00000001' }, M.quantityTooLarge],
    [{ quantity: 0.000000001 }, M.quantityTooPrecise],
    [{ quantity: 'ten' }, M.quantityNotNumber],
    [{ quantity: '1e3' }, M.quantityNotNumber],
    [{ quantity: true }, M.quantityNotNumber],
    [{ quantity: undefined }, M.quantityRequired],
    [{ averagePrice: -0.01 }, M.priceNegative],
    [{ averagePrice: 10_000_000.01 }, M.priceTooLarge],
    [{ averagePrice: '1.123456789' }, M.pricePrecise],
    [{ averagePrice: null }, M.priceRequired],
    [{ symbol: '' }, M.symbolRequired],
    [{ symbol: 42 }, M.symbolRequired],
  ])('refuses %o with "%s"', (patch, message) => {
    expect(messageOf(holdingFieldsSchema.safeParse({ ...valid, ...patch }))).toBe(message);
  });

  it('accepts the bounds themselves and ignores numbers the client computed', () => {
    const parsed = addHoldingSchema.parse({
      id: 'p1',
      symbol: 'MSFT',
      quantity: '1000000000',
      averagePrice: 10_000_000,
      currentPrice: 1,
      totalValue: 999999,
      gainLoss: 5,
      gainLossPercent: 5,
    });
    expect(parsed).toEqual({
      id: 'p1',
      symbol: 'MSFT',
      quantity: '1000000000',
      averagePrice: '10000000',
      purchaseDate: null,
    });
  });
});

describe('portfolio fields', () => {
  it('trims, requires a name of at most 100 characters and a description of at most 500', () => {
    expect(createPortfolioSchema.parse({ name: '  Core  ', description: '   ' })).toEqual({
      name: 'Core',
      description: null,
      baseCurrency: 'USD',
    });
    expect(messageOf(createPortfolioSchema.safeParse({ name: '   ' }))).toBe(M.nameRequired);
    expect(messageOf(createPortfolioSchema.safeParse({}))).toBe(M.nameRequired);
    expect(messageOf(createPortfolioSchema.safeParse({ name: 'x'.repeat(101) }))).toBe(M.nameTooLong);
    expect(createPortfolioSchema.parse({ name: 'x'.repeat(100) }).name).toHaveLength(100);
    expect(messageOf(createPortfolioSchema.safeParse({ name: 'ok', description: 'd'.repeat(501) }))).toBe(
      M.descriptionTooLong,
    );
    expect(messageOf(createPortfolioSchema.safeParse({ name: 'bad \uD800 text' }))).toMatch(/cannot be stored/);
  });
});

const holding = (symbol: string, quantity: string, averagePrice: string, name = ''): ValuedHolding => ({
  id: symbol,
  symbol,
  name,
  quantity,
  averagePrice,
  costBasis: '0',
  currentPrice: '10',
  totalValue: '10.00',
  gainLoss: '-1.00',
  gainLossPercent: '-9.09',
  dayChange: null,
  dayChangePercent: null,
  weight: null,
  priceAsOf: null,
  stale: false,
  priceError: null,
});

describe('CSV', () => {
  it('round-trips an export through the import reader', () => {
    const csv = holdingsToCsv(
      [holding('AAPL', '0.3', '166.66666667', 'Apple, Inc.'), holding('BRK.B', '2', '0', '=cmd()')],
      'EUR',
    );
    expect(csv.split('\r\n')[0]).toBe(
      'symbol,name,quantity,averagePrice,currentPrice,totalValue,gainLoss,gainLossPercent,currency',
    );
    // A name a spreadsheet would run as a formula is defused; commas are quoted.
    expect(csv).toContain(`"Apple, Inc."`);
    expect(csv).toContain(`'=cmd()`);
    expect(csv).toContain(',-1.00,-9.09');
    const read = readHoldingsCsv(csv);
    expect(read.fileError).toBeNull();
    expect(read.rows).toMatchObject([
      { line: 2, symbol: 'AAPL', quantity: '0.3', averagePrice: '166.66666667', error: null },
      { line: 3, symbol: 'BRK.B', quantity: '2', averagePrice: '0', error: null },
    ]);
    // Issue 27 §3: the amounts are in the portfolio's base, and the import reads them so.
    expect(read.rows.map((r) => r.currency)).toEqual(['EUR', 'EUR']);
  });

  it('reads columns by name in any order and explains each bad row', () => {
    const read = readHoldingsCsv(
      '\uFEFFShares,Ticker,Avg Price\n10,msft,400\n\n-1,KO,abc\n5,,1\n1,TOO LONG SYMBOL,1\n',
    );
    expect(read.rows).toMatchObject([
      { line: 2, symbol: 'MSFT', quantity: '10', averagePrice: '400', error: null },
      {
        line: 4,
        symbol: 'KO',
        quantity: '-1',
        averagePrice: 'abc',
        error: `${M.quantityNotPositive}; ${M.priceNotNumber}`,
      },
      { line: 5, symbol: '', quantity: '5', averagePrice: '1', error: M.symbolRequired },
      expect.objectContaining({ line: 6, error: expect.stringMatching(/Invalid symbol/) }),
    ]);
    expect(readHoldingsCsv('a,b\n1,2').fileError).toBe(MISSING_HEADER_MESSAGE);
    expect(readHoldingsCsv('').fileError).toBe(MISSING_HEADER_MESSAGE);
  });

  it('parses quoted cells with commas, quotes and line breaks', () => {
    expect(readCsvRecords('a,"b,c","say ""hi""","two\nlines"\r\n1,2,3,4', ',')).toEqual([
      { line: 1, cells: ['a', 'b,c', 'say "hi"', 'two\nlines'] },
      { line: 3, cells: ['1', '2', '3', '4'] },
    ]);
  });
});

describe('shareable links', () => {
  it('are 32 URL-safe characters (192 random bits), new every time', () => {
    const links = new Set(Array.from({ length: 1000 }, newShareableLink));
    expect(links.size).toBe(1000);
    for (const link of links) expect(link).toMatch(SHARE_LINK_PATTERN);
    // 32 base64url characters carry 6 bits each.
    expect(32 * 6).toBeGreaterThanOrEqual(128);
  });
  it('look malformed links up as a key no link can have, of the same length', () => {
    const link = newShareableLink();
    expect(lookupKeyOf(link)).toBe(link);
    for (const bad of ['', 'short', `${link}x`, "' OR 1=1 --", 'a'.repeat(5000)]) {
      const key = lookupKeyOf(bad);
      expect(key).toHaveLength(32);
      expect(key).not.toMatch(SHARE_LINK_PATTERN);
    }
  });
});

describe('shared page tags', () => {
  const index =
    '<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Tickwise: app" /><title>Tickwise</title></head><body></body></html>';
  it('replaces title and description, adds noindex and the preview, and escapes everything', () => {
    const html = withPreviewTags(
      index,
      previewOf({ name: `</title><script>alert("x")</script>`, description: `Tom's "growth" & <b>`, holdingsCount: 3 }),
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; · Public Portfolio · Tickwise</title>',
    );
    expect(html).toContain('content="Tom&#39;s &quot;growth&quot; &amp; &lt;b&gt;"');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<meta property="og:title"');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });
  it('describes a portfolio without a description by its holding count, and a missing one as not found', () => {
    expect(previewOf({ name: 'Core', description: null, holdingsCount: 1 }).description).toBe(
      'A read-only portfolio with 1 holding, shared on Tickwise.',
    );
    expect(previewOf(null).title).toBe('Portfolio Not Found · Tickwise');
    expect(previewOf({ name: 'x', description: 'd'.repeat(300), holdingsCount: 0 }).description).toHaveLength(200);
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
