import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { chartColors, type ChartColors, type ChartScheme } from './chartTheme';
import { DEFAULT_VISIBILITY, type ChartData, type ChartVisibility, type DrawnLine } from './chartTypes';
import { drawingPlugin } from './plugins/drawingPlugin';
import { hoverPlugin } from './plugins/hoverPlugin';
import { markersPlugin } from './plugins/markersPlugin';
import { priceLineWidth } from './priceLineWidth';

export interface PriceChartCoreOptions {
  scheme?: ChartScheme;
  visibility?: ChartVisibility;
  /** Called after every canvas paint; the benchmark measures data-to-pixels with it. */
  onDraw?: () => void;
}

const PRICE = 1;
const MA20 = 2;
const MA50 = 3;

/**
 * The price chart without React: one uPlot instance plus the hover, markers and drawing plugins.
 * State the tests and the page need is mirrored on the host element as data- attributes
 * (point count, visible series, drawn lines, hovered price) instead of being read back from pixels.
 */
export class PriceChartCore {
  private plot: uPlot | null = null;
  private data: ChartData | null = null;
  private lines: DrawnLine[] = [];
  private drawing = false;
  private scheme: ChartScheme;
  private visibility: ChartVisibility;
  private readonly resizeObserver: ResizeObserver;

  constructor(
    private readonly host: HTMLElement,
    private readonly options: PriceChartCoreOptions = {},
  ) {
    this.scheme = options.scheme ?? 'dark';
    this.visibility = options.visibility ?? DEFAULT_VISIBILITY;
    host.classList.add('tw-chart-host');
    this.resizeObserver = new ResizeObserver(() => this.fitToHost());
    this.resizeObserver.observe(host);
    // The plot and its canvas (megabytes at a high pixel ratio, several ms to allocate) are made now, empty, while
    // the history request is in flight: when the data arrives, only the drawing is left to do.
    this.createPlot();
    this.writeAttributes();
  }

  /** New data (a fetched range or a live update). Fewer than 2 points leaves the chart empty. */
  setData(data: ChartData | null): void {
    const previous = this.data;
    this.data = data && data.x.length >= 2 ? data : null;
    const plot = this.plot;
    if (plot && this.data) {
      // Toggles changed while the plot was empty are applied with the data, in the same paint.
      plot.batch(() => {
        this.syncSeriesVisibility(plot);
        plot.setData(this.columns(this.data));
      });
    } else if (plot && !previous) {
      plot.setData(this.columns(null));
    } else {
      // Emptied (error, too few points): uPlot would keep the old scales and paint their axes, so start over blank.
      this.destroyPlot();
      this.createPlot();
    }
    this.writeAttributes();
  }

  setVisibility(visibility: ChartVisibility): void {
    this.visibility = visibility;
    const plot = this.plot;
    // An empty plot has nothing to repaint (and uPlot cannot redraw axes it never laid out): setData applies it.
    if (plot && this.data) {
      // Markers are painted by a plugin, so one batch: show/hide the MA series and repaint once.
      plot.batch(() => {
        this.syncSeriesVisibility(plot);
        plot.redraw(false, false);
      });
    }
    this.writeAttributes();
  }

  private syncSeriesVisibility(plot: uPlot): void {
    const show = this.visibility.movingAverages;
    if (plot.series[MA20].show === show) return;
    plot.setSeries(MA20, { show });
    plot.setSeries(MA50, { show });
  }

  setScheme(scheme: ChartScheme): void {
    if (scheme === this.scheme) return;
    this.scheme = scheme;
    // Colours are baked into series and axes: rebuilding is simpler than patching each and takes a few ms.
    if (this.plot) {
      this.destroyPlot();
      this.createPlot();
    }
  }

  setDrawing(drawing: boolean): void {
    this.drawing = drawing;
    this.host.classList.toggle('tw-chart-drawing-mode', drawing);
    this.writeAttributes();
  }

  /** SPEC section 4: lines clear when the symbol or the timeframe changes. */
  clearLines(): void {
    if (this.lines.length === 0) return;
    this.lines = [];
    if (this.data) this.plot?.redraw(false, false);
    this.writeAttributes();
  }

  lineCount(): number {
    return this.lines.length;
  }

  destroy(): void {
    this.resizeObserver.disconnect();
    this.destroyPlot();
  }

  /** An empty plot (no data yet, or fewer than 2 points) paints nothing: no axes, no grid. */
  private columns(data: ChartData | null): uPlot.AlignedData {
    return data ? [data.x, data.close, data.ma20, data.ma50] : [[], [], [], []];
  }

  private createPlot(): void {
    const { width, height } = this.hostSize();
    const colors = chartColors(this.scheme);
    this.host.style.setProperty('--tw-chart-crosshair', colors.crosshair);
    this.plot = new uPlot(this.plotOptions(colors, width, height), this.columns(this.data), this.host);
  }

  private destroyPlot(): void {
    this.plot?.destroy();
    this.plot = null;
    this.forgetHover();
  }

  private forgetHover(): void {
    delete this.host.dataset.hoverPrice;
    delete this.host.dataset.hoverTime;
    delete this.host.dataset.markersDrawn;
  }

  private hostSize() {
    return {
      width: Math.max(1, Math.floor(this.host.clientWidth)),
      height: Math.max(1, Math.floor(this.host.clientHeight)),
    };
  }

  private fitToHost(): void {
    if (!this.plot) return;
    const size = this.hostSize();
    if (size.width !== this.plot.width || size.height !== this.plot.height) this.plot.setSize(size);
  }

  private plotOptions(colors: ChartColors, width: number, height: number): uPlot.Options {
    const direction = () => this.data?.direction ?? 'up';
    const seriesColor = (i: number) =>
      i === MA20 ? colors.ma20 : i === MA50 ? colors.ma50 : direction() === 'up' ? colors.up : colors.down;
    const areaFill = (u: uPlot) => {
      const rgb = direction() === 'up' ? colors.upFill : colors.downFill;
      const gradient = u.ctx.createLinearGradient(0, u.bbox.top, 0, u.bbox.top + u.bbox.height);
      gradient.addColorStop(0, `rgba(${rgb}, 0.30)`);
      gradient.addColorStop(1, `rgba(${rgb}, 0.02)`);
      return gradient;
    };
    const axis: uPlot.Axis = {
      stroke: colors.axis,
      grid: { stroke: colors.grid, width: 1 },
      ticks: { stroke: colors.grid, width: 1, size: 4 },
      font: '11px Inter, system-ui, sans-serif',
    };
    return {
      width,
      height,
      ms: 1,
      legend: { show: false },
      // Left room for half of the first time label ("6am" over "11/20/26" is centred on its tick).
      padding: [12, 4, 0, 24],
      cursor: {
        drag: { x: false, y: false, setScale: false },
        points: { size: 9, width: 2, fill: (_u, i) => seriesColor(i) },
      },
      scales: { x: { time: true } },
      series: [
        {},
        {
          label: 'Price',
          stroke: () => seriesColor(PRICE),
          fill: areaFill,
          fillTo: (u) => u.scales.y.min ?? 0,
          width: 2,
          points: { show: false },
        },
        {
          label: 'MA20',
          stroke: colors.ma20,
          width: 1.5,
          points: { show: false },
          show: this.visibility.movingAverages,
        },
        {
          label: 'MA50',
          stroke: colors.ma50,
          width: 1.5,
          points: { show: false },
          show: this.visibility.movingAverages,
        },
      ],
      axes: [
        { ...axis, space: 80 },
        {
          ...axis,
          side: 1,
          // uPlot's default 30 px puts a label every quarter dollar on a quiet day; 40 px reads calmer.
          space: 40,
          size: (_u, values) => Math.max(48, ...(values ?? []).map((v) => v.length * 7 + 16)),
          values: (_u, splits) => splits.map((v) => priceTick.format(v)),
        },
      ],
      plugins: [
        hoverPlugin({ host: this.host, data: () => this.data, drawing: () => this.drawing }),
        markersPlugin({
          data: () => this.data,
          visibility: () => this.visibility,
          colors,
          onPainted: (count) => {
            this.host.dataset.markersDrawn = String(count);
          },
        }),
        drawingPlugin({
          drawing: () => this.drawing,
          lines: () => this.lines,
          color: colors.drawnLine,
          onCommit: (line) => {
            this.lines = [...this.lines, line];
            this.writeAttributes();
          },
        }),
      ],
      hooks: {
        drawClear: [
          (u) => {
            u.series[PRICE].width = priceLineWidth(this.data?.x.length ?? 0, u.bbox.width / uPlot.pxRatio);
          },
        ],
        draw: [() => this.options.onDraw?.()],
      },
    };
  }

  private writeAttributes(): void {
    const { dataset } = this.host;
    const data = this.data;
    dataset.pointCount = String(data?.x.length ?? 0);
    dataset.lines = String(this.lines.length);
    dataset.drawing = String(this.drawing);
    dataset.buyCount = String(data?.buys.length ?? 0);
    dataset.sellCount = String(data?.sells.length ?? 0);
    dataset.direction = data?.direction ?? '';
    const visible: string[] = [];
    if (data) {
      visible.push('price');
      if (this.visibility.movingAverages) visible.push('ma20', 'ma50');
      if (this.visibility.buySignals) visible.push('buy');
      if (this.visibility.sellSignals) visible.push('sell');
    }
    dataset.seriesVisible = visible.join(',');
  }
}

const priceTick = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
