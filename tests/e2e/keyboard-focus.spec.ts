import { expect, test, type Page } from '@playwright/test';
import { AGENT_ARRIVAL_TIMEOUT_MS, newUser, registerViaApi } from './support';

/** Keyboard and touch reach: where focus goes when a dialog opens and closes, the skip link, touch-sized targets. */

const agent = (page: Page) => page.getByRole('dialog', { name: 'Financial Agent' });

test.describe('on a desktop screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the agent focuses its composer on open and gives focus back to the AI agent button on close', async ({
    page,
  }) => {
    await registerViaApi(page, newUser('agent-focus'));
    await page.goto('/trading?symbol=AAPL');
    await expect(page.getByTestId('chart-symbol')).toBeVisible();
    const button = page.getByRole('navigation', { name: 'Chart tools' }).getByRole('button', { name: 'AI agent' });
    await button.click();
    await expect(agent(page)).toBeVisible();
    await expect(agent(page).getByRole('textbox', { name: 'Message the Financial Agent' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(agent(page)).toBeHidden();
    await expect(button).toBeFocused();

    // Opened a second time (the agent stays mounted), the same again.
    await button.press('Enter');
    await expect(agent(page).getByRole('textbox', { name: 'Message the Financial Agent' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
  });

  test('arriving at /chat, the agent opens with its composer focused and closes onto the AI agent button', async ({
    page,
  }) => {
    await registerViaApi(page, newUser('chat-focus'));
    await page.goto('/chat');
    await expect(agent(page).getByRole('textbox', { name: 'Message the Financial Agent' })).toBeFocused({
      timeout: AGENT_ARRIVAL_TIMEOUT_MS,
    });
    await page.keyboard.press('Escape');
    await expect(agent(page)).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Chart tools' }).getByRole('button', { name: 'AI agent' }),
    ).toBeFocused();
  });

  for (const path of ['/', '/updates', '/trading?symbol=AAPL']) {
    test(`the first Tab on ${path} reaches a skip link that moves focus to the main content`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
    });
  }

  test('signed in, the skip link passes the header and its navigation', async ({ page }) => {
    await registerViaApi(page, newUser('skip-link'));
    await page.goto('/updates');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab lands inside the page body, not back in the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile banner close button is at least 44 by 44 px', async ({ page }) => {
    await page.goto('/');
    const close = page.getByTestId('mobile-banner').getByRole('button', { name: 'Close mobile notice' });
    await expect(close).toBeVisible();
    const box = (await close.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  });
});
