import type uPlot from 'uplot';
import { formatUsd } from '../../../../shared/format';
import type { ChartData } from '../chartTypes';
import { formatPointTime } from '../formatTime';

export interface HoverSource {
  /** The element that carries the chart's data- attributes. */
  host: HTMLElement;
  data(): ChartData | null;
  drawing(): boolean;
}

const TOOLTIP_GAP = 14;

/**
 * Crosshair with the price and time of the nearest point. The crosshair snaps onto the price line so the
 * readout and the dot agree; in drawing mode it follows the mouse freely instead, so lines can start anywhere.
 * Runs on every mouse move: plain DOM writes, no React render.
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
  tooltip.append(priceEl, timeEl);

  function hide() {
    tooltip.style.display = 'none';
    delete source.host.dataset.hoverPrice;
    delete source.host.dataset.hoverTime;
  }

  return {
    opts: (_u, opts) => {
      opts.cursor = {
        ...opts.cursor,
        move: (u, left, top) => {
          const data = source.data();
          if (left < 0 || !data || source.drawing()) return [left, top];
          const idx = u.posToIdx(left);
          if (idx < 0 || idx >= data.x.length) return [left, top];
          return [u.valToPos(data.x[idx], 'x'), u.valToPos(data.close[idx], 'y')];
        },
      };
    },
    hooks: {
      init: (u) => {
        u.over.appendChild(tooltip);
        hide();
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
        const price = data.close[idx];
        const time = data.x[idx];
        priceEl.textContent = formatUsd(price);
        timeEl.textContent = formatPointTime(time, data.intraday);
        source.host.dataset.hoverPrice = price.toFixed(2);
        source.host.dataset.hoverTime = String(time);

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
