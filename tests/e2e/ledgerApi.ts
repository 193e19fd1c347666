import { expect, type Page } from '@playwright/test';

/** An activity as the REST API takes it: only the fields its type uses. */
export type ActivityInput = Partial<
  Record<'symbol' | 'quantity' | 'price' | 'fee' | 'amount' | 'ratio' | 'note', string>
> & {
  date: string;
  type: string;
};

/** Creates a portfolio through the API with the page's signed-in cookies and records the activities in order. */
export async function portfolioWithActivities(page: Page, name: string, activities: readonly ActivityInput[]) {
  const created = await page.request.post('/api/portfolios', { data: { name } });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  for (const activity of activities) {
    const added = await page.request.post(`/api/portfolios/${id}/activities`, { data: activity });
    expect(added.status(), await added.text()).toBe(201);
  }
  return id;
}
