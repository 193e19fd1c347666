import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { newUser, registerViaApi } from './support';

/** What the broker-import specs share: the fixtures, a signed-in user's portfolio page and the activity dialog. */

export const BROKER_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'brokers');

export interface Activity {
  type: string;
  date: string;
  symbol: string | null;
  quantity: string | null;
  price: string | null;
  fee: string | null;
  amount: string | null;
  ratio: string | null;
  currency?: string | null;
  fxRate?: string | null;
}

export const toast = (page: Page, title: string) => page.locator('[data-toast]').filter({ hasText: title }).last();

/** A new user with one portfolio (in `baseCurrency` when given), on the portfolio page. */
export async function portfolioPage(page: Page, tag: string, baseCurrency?: string): Promise<string> {
  await registerViaApi(page, newUser(tag));
  const data = baseCurrency ? { name: 'Brokers', baseCurrency } : { name: 'Brokers' };
  const { id } = await (await page.request.post('/api/portfolios', { data })).json();
  await page.goto('/portfolio');
  return id as string;
}

export async function openActivityImport(page: Page) {
  await page.getByRole('tab', { name: 'Activity' }).click();
  await page.getByTestId('activity-tab').getByRole('button', { name: 'Import CSV' }).click();
  return page.getByRole('dialog', { name: 'Import activities from CSV' });
}

export const activitiesOf = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/portfolios/${id}/activities`)).json()) as Activity[];
