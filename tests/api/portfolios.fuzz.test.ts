import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldBadBodies, genericBadBodies, HUGE_TEXT, json, type BadBody } from '../helpers/badBodies';
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

const huge = HUGE_TEXT;
const oddNumbers = [
  null,
  true,
  [],
  {},
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '0x10',
  '1_000',
  ' ',
  '１２',
  1e308,
  -1e308,
  5e-324,
  '9'.repeat(400),
  huge,
];

const endpoints: Array<{ method: 'POST' | 'PATCH'; label: string; path: () => string; cases: () => BadBody[] }> = [
  {
    method: 'POST',
    label: '/api/portfolios',
    path: () => '/api/portfolios',
    cases: () => {
      const valid = { name: 'ok', description: 'fine' };
      return [
        ...genericBadBodies(valid),
        ...fieldBadBodies(valid, { name: [null, 1, [], {}, '', huge, '\uD800'], description: [1, [], {}, huge] }, [
          'description',
        ]),
      ];
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
        ...genericBadBodies(valid).filter(
          (b) => !/empty body|no body|JSON null|one level down|nesting|proto/.test(b.label),
        ),
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
      return [
        ...genericBadBodies(valid),
        ...fieldBadBodies(valid, { csv: [null, 1, [], {}, '', '   ', 'y'.repeat(100_001)] }),
      ];
    },
  },
];

describe('fuzzed portfolio bodies', () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.label} answers every bad body with a 4xx and a message`, async () => {
      for (const bad of endpoint.cases()) {
        const res = await browser.request(
          endpoint.method,
          endpoint.path(),
          bad.body ?? undefined,
          bad.contentType ? { 'content-type': bad.contentType } : {},
        );
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
