import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { Browser } from './auth-helpers';
import { addHolding, createPortfolio, signedInBrowser } from './portfolio-helpers';

/**
 * Bad bodies on every portfolio write: wrong types, missing fields, huge or odd numbers, arrays, null, nesting,
 * broken JSON, wrong content types, hostile ids. Every one gets a 4xx with a message, never a 5xx.
 */

let server: TestServer;
let browser: Browser;
let portfolioId: string;
let holdingId: string;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  browser = await signedInBrowser(server.url);
  portfolioId = await createPortfolio(browser, 'Fuzz');
  holdingId = (await addHolding(browser, portfolioId, 'AAPL', 1, 1)).id;
});
afterAll(async () => server?.close());

interface BadBody {
  label: string;
  body?: string;
  contentType?: string;
}
const raw = (label: string, body: string | undefined, contentType = 'application/json'): BadBody => ({ label, body, contentType });
const json = (label: string, value: unknown): BadBody => raw(label, JSON.stringify(value));

function genericBadBodies(valid: Record<string, unknown>): BadBody[] {
  let deep = '0';
  for (let i = 0; i < 400; i++) deep = `{"a":${deep}}`;
  return [
    raw('broken JSON', '{"name":'),
    raw('plain words', 'not json at all'),
    raw('empty body declared as JSON', ''),
    raw('no body at all', undefined),
    raw('JSON null', 'null'),
    raw('JSON array', '[]'),
    raw('JSON number', '42'),
    raw('JSON string', '"just a string"'),
    json('the valid body inside an array', [valid]),
    json('the valid body one level down', { data: valid }),
    raw('deep nesting', deep),
    raw('valid JSON sent as text/plain', JSON.stringify(valid), 'text/plain'),
    raw('form encoding', 'name=x', 'application/x-www-form-urlencoded'),
    raw('over the body size limit', JSON.stringify({ ...valid, padding: 'x'.repeat(150_000) })),
    json('prototype pollution', JSON.parse(`{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}`)),
  ];
}

const huge = 'x'.repeat(5000);
const oddNumbers = [null, true, [], {}, 'NaN', 'Infinity', '-Infinity', '1e400', '0x10', '1_000', ' ', '１２', 1e308, -1e308, 5e-324, '9'.repeat(400), huge];

/** Each field missing (unless optional), or of another type, nested or far too long. */
function fieldBadBodies(valid: Record<string, unknown>, fields: Record<string, unknown[]>, optional: string[] = []): BadBody[] {
  const out: BadBody[] = [];
  for (const [field, values] of Object.entries(fields)) {
    const { [field]: _dropped, ...without } = valid;
    if (!optional.includes(field)) out.push(json(`${field} missing`, without));
    for (const value of values) out.push(json(`${field} = ${JSON.stringify(value)?.slice(0, 30)}`, { ...valid, [field]: value }));
  }
  return out;
}

const endpoints: Array<{ method: 'POST' | 'PATCH'; label: string; path: () => string; cases: () => BadBody[] }> = [
  {
    method: 'POST',
    label: '/api/portfolios',
    path: () => '/api/portfolios',
    cases: () => {
      const valid = { name: 'ok', description: 'fine' };
      return [...genericBadBodies(valid), ...fieldBadBodies(valid, { name: [null, 1, [], {}, '', huge, '\uD800'], description: [1, [], {}, huge] }, ['description'])];
    },
  },
  {
    method: 'POST',
    label: '/api/portfolios/{id}/holdings',
    path: () => `/api/portfolios/${portfolioId}/holdings`,
    cases: () => {
      const valid = { symbol: 'MSFT', quantity: 1, averagePrice: 1 };
      return [
        ...genericBadBodies(valid),
        ...fieldBadBodies(valid, {
          symbol: [null, 1, [], {}, '', huge, '../../etc', 'A B', '\u0000'],
          quantity: oddNumbers.concat([0, -1, 0.000000001]),
          averagePrice: oddNumbers.concat([-0.01, 1e8]),
        }),
      ];
    },
  },
  {
    method: 'PATCH',
    label: '/api/portfolios/{id}/visibility',
    path: () => `/api/portfolios/${portfolioId}/visibility`,
    cases: () => {
      const valid = { isPublic: true };
      return [...genericBadBodies(valid), ...fieldBadBodies(valid, { isPublic: [null, 'true', 1, [], {}, huge] })];
    },
  },
  {
    method: 'PATCH',
    label: '/api/portfolios/{id}',
    path: () => `/api/portfolios/${portfolioId}`,
    cases: () => {
      const valid = { name: 'renamed' };
      return [
        // Every field is optional here, so an empty object (or none) is a valid no-op.
        ...genericBadBodies(valid).filter((b) => !/empty body|no body|JSON null|one level down|nesting|proto/.test(b.label)),
        ...fieldBadBodies(valid, { name: [null, 1, [], {}, '', huge] }, ['name']),
        json('description object', { description: { a: 1 } }),
      ];
    },
  },
  {
    method: 'POST',
    label: '/api/portfolios/{id}/import/preview',
    path: () => `/api/portfolios/${portfolioId}/import/preview`,
    cases: () => {
      const valid = { csv: 'symbol,quantity,averagePrice\nMSFT,1,1' };
      return [...genericBadBodies(valid), ...fieldBadBodies(valid, { csv: [null, 1, [], {}, '', '   ', 'y'.repeat(100_001)] })];
    },
  },
];

describe('fuzzed portfolio bodies', () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.label} answers every bad body with a 4xx and a message`, async () => {
      for (const bad of endpoint.cases()) {
        const res = await browser.request(endpoint.method, endpoint.path(), bad.body ?? undefined, bad.contentType ? { 'content-type': bad.contentType } : {});
        expect(res.status, bad.label).toBeGreaterThanOrEqual(400);
        expect(res.status, bad.label).toBeLessThan(500);
        expect(typeof res.json?.message, bad.label).toBe('string');
      }
      // The portfolio is intact after all of it.
      const detail = await browser.get(`/api/portfolios/${portfolioId}`);
      expect(detail.status).toBe(200);
      expect(detail.json.holdings.map((h: { id: string }) => h.id)).toEqual([holdingId]);
    });
  }

  it('answers hostile path segments with a 4xx, never a 5xx', async () => {
    const segments = ['%00', '%ZZ', '..%2F..%2Fetc', 'a'.repeat(4000), '%F0%9F%92%A9', "'--", '\u202e'];
    for (const segment of segments) {
      for (const [method, path] of [
        ['GET', `/api/portfolios/${segment}`],
        ['GET', `/api/portfolios/${segment}/holdings`],
        ['DELETE', `/api/portfolios/${portfolioId}/holdings/${segment}`],
        ['PATCH', `/api/portfolios/holdings/${segment}`],
        ['GET', `/api/portfolio/shared/${segment}`],
        ['GET', `/api/portfolios/${portfolioId}/history?range=${segment}`],
        ['POST', `/api/portfolios/${segment}/review`],
      ] as const) {
        const res = await browser.request(method, path, method === 'PATCH' || method === 'POST' ? {} : undefined);
        expect(res.status, `${method} ${path.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path.slice(0, 60)}`).toBeLessThan(500);
      }
    }
  });
});
