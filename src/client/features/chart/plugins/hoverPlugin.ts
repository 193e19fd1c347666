import type uPlot from 'uplot';
import { formatPrice, formatUsd } from '../../../../shared/format';
import type { ChartData } from '../chartTypes';
import { formatPointTime } from '../formatTime';
import { formatVolume } from '../formatVolume';

export interface HoverSource {
  /** The element that carries the chart's data- attributes. */
  host: HTMLElement;
  data(): ChartData | null;
  drawing(): boolean;
}

const TOOLTIP_GAP = 14;

/** The readout's rows, in order: label and how the value is read from the data at one index. */
const ROWS: ReadonlyArray<readonly [string, (d: ChartData, i: number) => string]> = [
  ['O', (d, i) => formatPrice(d.open[i])],
  ['H', (d, i) => formatPrice(d.high[i])],
  ['L', (d, i) => formatPrice(d.low[i])],
  ['C', (d, i) => formatPrice(d.close[i])],
  ['Vol', (d, i) => formatVolume(d.volume[i])],
  ['MA20', (d, i) => (d.ma20[i] == null ? '—' : formatPrice(d.ma20[i]))],
  ['MA50', (d, i) => (d.ma50[i] == null ? '—' : formatPrice(d.ma50[i]))],
];

/**
 * Crosshair with a readout of the nearest point: close and time, then open, high, low, close, volume, MA20 and MA50. The crosshair
 * snaps onto the close so the readout and the dot agree; in drawing mode it follows the pointer freely instead, so
 * lines can start anywhere. A finger has no hover: a tap (or a slide) puts the crosshair on the nearest point.
 * Runs on every pointer move: plain DOM writes into nodes made once, no React render.
 */
export function hoverPlugin(source: HoverSource): uPlot.Plugin {
  const tooltip = document.createElement('div');
  tooltip.className = 'tw-chart-tooltip';
  tooltip.setAttribute('role', 'status');
  tooltip.setAttribute('aria-live', 'off');
  const priceEl = document.createElement('div');
  priceEl.className = 'tw-chart-tooltip-price';
  const timeEl = document.createElement('div');
  timeEl.className = 'tw-chart-tooltip-time';
  const grid = document.createElement('dl');
  grid.className = 'tw-chart-tooltip-grid';
  const values = ROWS.map(([label]) => {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.dataset.field = label.toLowerCase();
    grid.append(dt, dd);
    return dd;
  });
  tooltip.append(priceEl, timeEl, grid);

  function hide() {
    tooltip.style.display = 'none';
    delete source.host.dataset.hoverPrice;
    delete source.host.dataset.hoverTime;
  }

  /** Snapped position of the point nearest to `left`: on the close, in CSS pixels of the plot. */
  function snap(u: uPlot, left: number, top: number): [number, number] {
    const data = source.data();
    if (left < 0 || !data || source.drawing()) return [left, top];
    const idx = u.posToIdx(left);
    if (idx < 0 || idx >= data.x.length) return [left, top];
    return [u.valToPos(data.x[idx], 'x'), u.valToPos(data.close[idx], 'y')];
  }

  function onTouch(u: uPlot, e: PointerEvent) {
    if (e.pointerType !== 'touch' || source.drawing()) return;
    const rect = u.over.getBoundingClientRect();
    const [left, top] = snap(u, e.clientX - rect.left, e.clientY - rect.top);
    u.setCursor({ left, top });
  }

  return {
    opts: (_u, opts) => {
      opts.cursor = { ...opts.cursor, move: snap };
    },
    hooks: {
      init: (u) => {
        u.over.appendChild(tooltip);
        hide();
        const touch = (e: PointerEvent) => onTouch(u, e);
        u.over.addEventListener('pointerdown', touch);
        u.over.addEventListener('pointermove', touch);
      },
      setCursor: (u) => {
        const data = source.data();
        const idx = u.cursor.idx;
        const left = u.cursor.left ?? -1;
        const top = u.cursor.top ?? -1;
        if (!data || idx == null || left < 0 || idx >= data.close.length) {
          hide();
          return;
        }
        priceEl.textContent = formatUsd(data.close[idx]);
        timeEl.textContent = formatPointTime(data.times[idx], data.intraday);
        for (let r = 0; r < ROWS.length; r++) values[r].textContent = ROWS[r][1](data, idx);
        source.host.dataset.hoverPrice = data.close[idx].toFixed(2);
        source.host.dataset.hoverTime = String(data.times[idx]);

        tooltip.style.display = 'block';
        // Flip to the other side of the cursor near the right and bottom edges so it never leaves the plot.
        const plotWidth = u.over.clientWidth;
        const plotHeight = u.over.clientHeight;
        const { offsetWidth: w, offsetHeight: h } = tooltip;
        const x = left + TOOLTIP_GAP + w > plotWidth ? left - TOOLTIP_GAP - w : left + TOOLTIP_GAP;
        const y = top + TOOLTIP_GAP + h > plotHeight ? top - TOOLTIP_GAP - h : top + TOOLTIP_GAP;
        tooltip.style.transform = `translate(${Math.max(0, x)}px, ${Math.max(0, y)}px)`;
      },
    },
  };
}
