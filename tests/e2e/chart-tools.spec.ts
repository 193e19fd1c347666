import { expect, test, type Page } from '@playwright/test';

/**
 * The chart's tools on the trading page: line/candles, volume, drag-to-zoom and reset, the hover readout, and editing
 * drawn lines (select, Delete, undo, clear). The chart mirrors its state in data- attributes on
 * [data-testid=price-chart]; pixels are read only to prove something was painted.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const chart = (page: Page) => page.getByTestId('price-chart');

async function openChart(page: Page, symbol: string, range: string) {
  await page.goto(`/trading?symbol=${symbol}&range=${range}`);
  await expect(page.getByRole('figure', { name: `${symbol} price chart, ${range}` })).toHaveAttribute(
    'data-state',
    'ready',
  );
  return (await chart(page).locator('.u-over').boundingBox())!;
}

/** Pixels of the main canvas within `tolerance` of an RGB colour. */
async function pixelsOfColour(page: Page, rgb: [number, number, number], tolerance = 6): Promise<number> {
  return chart(page).evaluate(
    (host, [r, g, b, tol]) => {
      const canvas = host.querySelector('canvas')!;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (
          Math.abs(data[i] - r) <= tol &&
          Math.abs(data[i + 1] - g) <= tol &&
          Math.abs(data[i + 2] - b) <= tol &&
          data[i + 3] === 255
        )
          count++;
      }
      return count;
    },
    [...rgb, tolerance] as [number, number, number, number],
  );
}

/** The dark theme's up and down colours (chartTheme.ts). */
const UP: [number, number, number] = [43, 138, 62];
const DOWN: [number, number, number] = [224, 49, 49];

test('candles draw rising bars green and falling bars red, with volume bars under the price', async ({ page }) => {
  await openChart(page, 'AAPL', '6M');
  // Markers would paint both colours too: off, so only the price is coloured.
  await page.getByRole('button', { name: 'Buy signals' }).click();
  await page.getByRole('button', { name: 'Sell signals' }).click();
  await expect(chart(page)).toHaveAttribute('data-mode', 'line');
  expect(Number(await chart(page).getAttribute('data-volume-bars'))).toBeGreaterThan(50);
  const line = { up: await pixelsOfColour(page, UP), down: await pixelsOfColour(page, DOWN) };
  // A line has one colour: the range's direction.
  expect(Math.min(line.up, line.down)).toBe(0);

  const candles = page.getByRole('button', { name: 'Candles', exact: true });
  await candles.click();
  await expect(candles).toHaveAttribute('aria-pressed', 'true');
  await expect(chart(page)).toHaveAttribute('data-mode', 'candles');
  const points = Number(await chart(page).getAttribute('data-point-count'));
  await expect(chart(page)).toHaveAttribute('data-candles-drawn', String(points));
  expect(await pixelsOfColour(page, UP)).toBeGreaterThan(500);
  expect(await pixelsOfColour(page, DOWN)).toBeGreaterThan(500);

  await page.getByRole('button', { name: 'Line', exact: true }).click();
  await expect(chart(page)).toHaveAttribute('data-candles-drawn', '0');
});

test('dragging across the chart zooms in; the button and a double click show the whole range again', async ({
  page,
}) => {
  const box = await openChart(page, 'MSFT', '1Y');
  const reset = page.getByRole('button', { name: 'Reset zoom' });
  await expect(reset).toBeDisabled();
  const points = Number(await chart(page).getAttribute('data-point-count'));
  const visible = async () => Number(await chart(page).getAttribute('data-visible-points'));
  expect(await visible()).toBe(points);

  const zoom = async () => {
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.up();
    await expect(chart(page)).toHaveAttribute('data-zoomed', 'true');
  };

  await zoom();
  await expect(reset).toBeEnabled();
  // About the middle 40% of the range is on screen now.
  expect(await visible()).toBeGreaterThan(points * 0.3);
  expect(await visible()).toBeLessThan(points * 0.5);
  // Hovering the zoomed chart's left edge reads a point from inside the zoomed range, not the range's first point.
  const history = (await (await page.request.get('/api/stock/MSFT/history?period=1Y')).json()) as { time: number }[];
  await page.mouse.move(box.x + 2, box.y + box.height * 0.5);
  await expect
    .poll(async () => Number(await chart(page).getAttribute('data-hover-time')))
    .toBeGreaterThan(history[history.length >> 2].time);

  await reset.click();
  await expect(chart(page)).toHaveAttribute('data-zoomed', 'false');
  await expect(reset).toBeDisabled();
  expect(await visible()).toBe(points);

  await zoom();
  await page.mouse.dblclick(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(chart(page)).toHaveAttribute('data-zoomed', 'false');
});

test('the hover readout shows open, high, low, close, volume, MA20 and MA50 of the point', async ({ page }) => {
  const box = await openChart(page, 'NVDA', '1Y');
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4);
  const tooltip = chart(page).locator('.tw-chart-tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip.locator('dt')).toHaveText(['O', 'H', 'L', 'C', 'Vol', 'MA20', 'MA50']);

  const time = Number(await chart(page).getAttribute('data-hover-time'));
  const history = (await (await page.request.get('/api/stock/NVDA/history?period=1Y')).json()) as {
    time: number;
    open: number;
    high: number;
    low: number;
    close: number;
    volume: number;
  }[];
  const index = history.findIndex((p) => p.time === time);
  expect(index, 'hovered time is one of the points').toBeGreaterThanOrEqual(50);
  const point = history[index];
  const value = async (field: string) =>
    Number((await tooltip.locator(`dd[data-field="${field}"]`).innerText()).replace(/,/g, ''));
  expect(await value('o')).toBeCloseTo(point.open, 2);
  expect(await value('h')).toBeCloseTo(point.high, 2);
  expect(await value('l')).toBeCloseTo(point.low, 2);
  expect(await value('c')).toBeCloseTo(point.close, 2);
  await expect(tooltip.locator('dd[data-field="vol"]')).toHaveText(/^[\d.]+[KMB]?$/);
  const average = (n: number) => history.slice(index - n + 1, index + 1).reduce((s, p) => s + p.close, 0) / n;
  expect(await value('ma20')).toBeCloseTo(average(20), 1);
  expect(await value('ma50')).toBeCloseTo(average(50), 1);
});

test('drawn lines can be selected and deleted, undone and cleared', async ({ page }) => {
  const box = await openChart(page, 'TSLA', '1Y');
  const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  async function draw(from: [number, number], to: [number, number]) {
    const a = at(...from);
    const b = at(...to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
  }
  const lines = () => chart(page).getAttribute('data-lines');

  await page.getByRole('button', { name: 'Draw lines' }).click();
  await draw([0.1, 0.2], [0.4, 0.2]); // line 0: flat, upper left
  await draw([0.6, 0.7], [0.9, 0.7]); // line 1: flat, lower right
  await expect(chart(page)).toHaveAttribute('data-lines', '2');
  const undo = page.getByRole('button', { name: 'Undo' });
  const remove = page.getByRole('button', { name: 'Delete selected line' });
  const clear = page.getByRole('button', { name: 'Clear all lines' });
  await expect(remove).toBeDisabled();

  // A click on a line selects it (it does not start a new one); the Delete key removes it.
  const onFirst = at(0.25, 0.2);
  await page.mouse.click(onFirst.x, onFirst.y);
  await expect(chart(page)).toHaveAttribute('data-selected-line', '0');
  await expect(chart(page)).toHaveAttribute('data-lines', '2');
  await expect(remove).toBeEnabled();
  await page.keyboard.press('Delete');
  expect(await lines()).toBe('1');

  await undo.click();
  await expect(chart(page)).toHaveAttribute('data-lines', '2');

  // The button deletes the selected line too; drawing mode off, a click still selects.
  await page.getByRole('button', { name: 'Draw lines' }).click();
  const onSecond = at(0.75, 0.7);
  await page.mouse.click(onSecond.x, onSecond.y);
  await expect(chart(page)).toHaveAttribute('data-selected-line', '1');
  await remove.click();
  await expect(chart(page)).toHaveAttribute('data-lines', '1');

  await clear.click();
  await expect(chart(page)).toHaveAttribute('data-lines', '0');
  // Even clearing can be undone, step by step (Ctrl+Z on the chart works like the button).
  await undo.click();
  await expect(chart(page)).toHaveAttribute('data-lines', '1');
  await page.getByRole('figure', { name: 'TSLA price chart, 1Y' }).focus();
  await page.keyboard.press('Control+z');
  await expect(chart(page)).toHaveAttribute('data-lines', '2');
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap shows the readout of the nearest point, and a finger draws in drawing mode', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('mobileWarningSeen', 'true'));
    const box = await openChart(page, 'AAPL', '6M');
    await page.touchscreen.tap(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await expect(chart(page).locator('.tw-chart-tooltip')).toBeVisible();
    await expect(chart(page)).toHaveAttribute('data-hover-price', /^\d+\.\d{2}$/);

    await page.getByRole('button', { name: 'Tools' }).click();
    await page.getByRole('tab', { name: 'Signals' }).click();
    await page.getByRole('switch', { name: 'Draw lines' }).click();
    await page.keyboard.press('Escape');
    await expect(chart(page)).toHaveAttribute('data-drawing', 'true');

    const cdp = await page.context().newCDPSession(page);
    const y = box.y + box.height * 0.4;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', box.x + box.width * 0.2);
    for (const f of [0.3, 0.4, 0.5, 0.6]) await touch('touchMove', box.x + box.width * f);
    await touch('touchEnd', 0);
    await expect(chart(page)).toHaveAttribute('data-lines', '1');
  });
});
