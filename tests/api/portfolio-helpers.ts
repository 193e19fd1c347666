import { Browser, signUp } from './auth-helpers';

/** Steps shared by the portfolio API tests. */

export async function signedInBrowser(baseUrl: string): Promise<Browser> {
  const browser = new Browser(baseUrl);
  await signUp(browser);
  return browser;
}

export async function createPortfolio(browser: Browser, name = 'Core', description?: string): Promise<string> {
  const res = await browser.post('/api/portfolios', { name, description });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.json.id as string;
}

export async function addHolding(
  browser: Browser,
  portfolioId: string,
  symbol: string,
  quantity: number | string,
  averagePrice: number | string,
) {
  const res = await browser.post(`/api/portfolios/${portfolioId}/holdings`, { symbol, quantity, averagePrice });
  if (res.status !== 201) throw new Error(`add failed: ${res.status} ${res.text}`);
  return res.json;
}
