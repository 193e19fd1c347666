import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { chartColors, MA50_DASH, type ChartColors, type ChartScheme } from './chartTheme';
import { sessionAxis } from './sessionAxis';
import { DEFAULT_VISIBILITY, type ChartData, type ChartMode, type ChartVisibility } from './chartTypes';
import { DrawnLines, type LinesState } from './drawnLines';
import { alertLinePlugin } from './plugins/alertLinePlugin';
import { candlesPlugin } from './plugins/candlesPlugin';
import { drawingPlugin } from './plugins/drawingPlugin';
import { hoverPlugin } from './plugins/hoverPlugin';
import { markersPlugin } from './plugins/markersPlugin';
import { visibleRange } from './plugins/visibleRange';
import { VOLUME_BAND, volumePlugin } from './plugins/volumePlugin';
import { priceLineWidth } from './priceLineWidth';

// The chart's columns are made by the engine's own code (PriceChart asks for them once the engine has arrived).
export { buildChartData } from './chartData';

export interface PriceChartCoreOptions {
  scheme?: ChartScheme;
  visibility?: ChartVisibility;
  mode?: ChartMode;
  /** Called after every canvas paint; the benchmark measures data-to-pixels with it. */
  onDraw?: () => void;
  /** Lines added, selected, deleted, cleared or undone. */
  onLinesChange?: (state: LinesState) => void;
  /** The x range was zoomed in, or back to the whole range. */
  onZoomChange?: (zoomed: boolean) => void;
  /** The alert line (setAlertLine) was dragged to a level and let go. */
  onAlertLineDrop?: (level: number) => void;
}

const PRICE = 1;
const MA20 = 2;
const MA50 = 3;
/** Drags shorter than this (CSS pixels) are clicks, not zooms. */
const ZOOM_MIN_DRAG_PX = 8;

interface XRange {
  min: number;
  max: number;
}

/**
 * The price chart without React: one uPlot instance plus plugins for the hover readout, candles, volume bars,
 * BUY/SELL markers and drawn lines. Dragging across the plot zooms into that time range; a double click (or
 * resetZoom) shows the whole range again. State the tests and the page need is mirrored on the host element as
 * data- attributes (point count, visible series, mode, zoom, drawn lines, hovered price) instead of being read back
 * from pixels.
 */
export class PriceChartCore {
  private plot: uPlot | null = null;
  private data: ChartData | null = null;
  private readonly lines = new DrawnLines();
  private drawing = false;
  /** The level of the alert line being set (null: none shown). */
  private alertLevel: number | null = null;
  private scheme: ChartScheme;
  private visibility: ChartVisibility;
  private mode: ChartMode;
  private zoom: XRange | null = null;
  /** Lowest value of the price scale not taken by the volume band (see priceRange). */
  private priceFloor = -Infinity;
  /** Whether the plot's time axis was made for gap-closed data (sessionAxis.ts). */
  private plotCompressed = false;
  /** Set while setData swaps the data under a zoomed view, so the momentary full range is not reported. */
  private swappingData = false;
  private readonly resizeObserver: ResizeObserver;

  constructor(
    private readonly host: HTMLElement,
    private readonly options: PriceChartCoreOptions = {},
  ) {
    this.scheme = options.scheme ?? 'dark';
    this.visibility = options.visibility ?? DEFAULT_VISIBILITY;
    this.mode = options.mode ?? 'line';
    host.classList.add('tw-chart-host');
    this.resizeObserver = new ResizeObserver(() => this.fitToHost());
    this.resizeObserver.observe(host);
    // The plot and its canvas (megabytes at a high pixel ratio, several ms to allocate) are made now, empty, while
    // the history request is in flight: when the data arrives, only the drawing is left to do.
    this.createPlot();
    this.writeAttributes();
  }

  /**
   * New data (a fetched range or a live update). Fewer than 2 points leaves the chart empty. A zoomed chart stays
   * zoomed through live updates; a new symbol or range starts from the whole range (startOver).
   */
  setData(data: ChartData | null): void {
    const previous = this.data;
    const keepZoom = this.zoom;
    this.data = data && data.x.length >= 2 ? data : null;
    const plot = this.plot;
    if (plot && this.data && this.data.compressed !== this.plotCompressed) {
      // The time axis is set when the plot is made: a range with closed-up gaps (or one without) needs a new one.
      this.destroyPlot();
      this.createPlot();
      this.updateZoom(null);
    } else if (plot && this.data) {
      const next = this.data;
      // Toggles changed while the plot was empty are applied with the data, in the same paint.
      const keep = keepZoom && keepZoom.max > next.x[0] && keepZoom.min < next.x[next.x.length - 1];
      this.swappingData = true;
      plot.batch(() => {
        this.syncSeriesVisibility(plot);
        plot.setData(this.columns(next));
        if (keep) plot.setScale('x', keepZoom);
      });
      this.swappingData = false;
      this.updateZoom(keep ? keepZoom : null);
    } else if (plot && !previous) {
      plot.setData(this.columns(null));
    } else {
      // Emptied (error, too few points): uPlot would keep the old scales and paint their axes, so start over blank.
      this.destroyPlot();
      this.createPlot();
      this.updateZoom(null);
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

  /** Line (with its area) or candles; the price scale then spans closes or highs and lows. */
  setMode(mode: ChartMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    if (this.plot && this.data) this.plot.redraw(true, false);
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
      const zoom = this.zoom;
      this.destroyPlot();
      this.createPlot();
      if (zoom && this.data) this.plot.setScale('x', zoom);
    }
  }

  setDrawing(drawing: boolean): void {
    this.drawing = drawing;
    this.host.classList.toggle('tw-chart-drawing-mode', drawing);
    // While drawing, a drag draws a line instead of zooming.
    if (this.plot) this.plot.cursor.drag!.x = !drawing;
    this.writeAttributes();
  }

  /** Shows a draggable horizontal line at `level` (issue 30 §2: an alert's level set on the chart), or hides it. */
  setAlertLine(level: number | null): void {
    this.alertLevel = level;
    this.host.classList.toggle('tw-chart-alert-line', level !== null);
    if (this.data) this.plot?.redraw(false, false);
    this.writeAttributes();
  }

  /** product.md §4: lines clear when the symbol or the timeframe changes; the zoom goes with them. */
  startOver(): void {
    const hadLines = this.lines.lines.length > 0 || this.lines.state().canUndo;
    this.lines.reset();
    this.zoom = null;
    if (hadLines) this.linesChanged();
    this.options.onZoomChange?.(false);
    this.writeAttributes();
  }

  /** Back to the whole range (the Reset zoom button; a double click does the same). */
  resetZoom(): void {
    const data = this.data;
    if (!this.plot || !data) return;
    this.plot.setScale('x', { min: data.x[0], max: data.x[data.x.length - 1] });
  }

  undoLine(): void {
    if (this.lines.undo()) this.linesChanged();
  }

  deleteSelectedLine(): void {
    if (this.lines.deleteSelected()) this.linesChanged();
  }

  clearLines(): void {
    if (this.lines.clear()) this.linesChanged();
  }

  linesState(): LinesState {
    return this.lines.state();
  }

  lineCount(): number {
    return this.lines.lines.length;
  }

  destroy(): void {
    this.resizeObserver.disconnect();
    this.destroyPlot();
  }

  private linesChanged(): void {
    if (this.data) this.plot?.redraw(false, false);
    this.writeAttributes();
    this.options.onLinesChange?.(this.lines.state());
  }

  private updateZoom(zoom: XRange | null): void {
    const was = this.zoom !== null;
    this.zoom = zoom;
    if (was !== (zoom !== null)) {
      this.writeAttributes();
      this.options.onZoomChange?.(zoom !== null);
    }
  }

  /** An empty plot (no data yet, or fewer than 2 points) paints nothing: no axes, no grid. */
  private columns(data: ChartData | null): uPlot.AlignedData {
    return data ? [data.x, data.close, data.ma20, data.ma50] : [[], [], [], []];
  }

  private createPlot(): void {
    const { width, height } = this.hostSize();
    const colors = chartColors(this.scheme);
    this.host.style.setProperty('--tw-chart-crosshair', colors.crosshair);
    this.plotCompressed = this.data?.compressed ?? false;
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

  /**
   * The price scale: closes and averages in line mode, highs and lows too in candle mode, of the points in view,
   * with a margin above and, when there is volume, the bottom band left free for the volume bars.
   */
  private priceRange(u: uPlot, dataMin: number | null, dataMax: number | null): uPlot.Range.MinMax {
    const data = this.data;
    // No data: no range, so uPlot paints no axes on an empty chart.
    if (!data || dataMin == null || dataMax == null) return [dataMin, dataMax];
    let lo = dataMin;
    let hi = dataMax;
    if (this.mode === 'candles') {
      const [from, to] = visibleRange(u, data.x);
      for (let i = from; i <= to; i++) {
        if (data.low[i] < lo) lo = data.low[i];
        if (data.high[i] > hi) hi = data.high[i];
      }
    }
    const pad = hi > lo ? (hi - lo) * 0.06 : Math.max(Math.abs(hi) * 0.01, 0.5);
    const top = hi + pad;
    const priceBottom = lo - pad;
    const band = data.maxVolume > 0 ? VOLUME_BAND + 0.03 : 0;
    this.priceFloor = band > 0 ? priceBottom : -Infinity;
    return [priceBottom - ((top - priceBottom) * band) / (1 - band), top];
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
    const linear = uPlot.paths.linear!();
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
        // Drag across the plot to zoom into that time range; a double click shows the whole range again.
        drag: { x: !this.drawing, y: false, setScale: true, dist: ZOOM_MIN_DRAG_PX },
        points: { size: 9, width: 2, fill: (_u, i) => seriesColor(i) },
      },
      scales: {
        x: { time: true },
        y: { range: (u, min, max) => this.priceRange(u, min, max) },
      },
      series: [
        {},
        {
          label: 'Price',
          stroke: () => seriesColor(PRICE),
          fill: areaFill,
          // The area stops above the volume band rather than running through the bars.
          fillTo: (u) => (Number.isFinite(this.priceFloor) ? this.priceFloor : (u.scales.y.min ?? 0)),
          width: 2,
          points: { show: false },
          // In candle mode the candles plugin paints the price; the line and its area step aside.
          paths: (u, seriesIdx, idx0, idx1) => (this.mode === 'candles' ? null : linear(u, seriesIdx, idx0, idx1)),
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
          dash: MA50_DASH,
          points: { show: false },
          show: this.visibility.movingAverages,
        },
      ],
      axes: [
        // The gap-closed axis of multi-session intraday ranges labels its own ticks; otherwise uPlot's time axis.
        { ...axis, space: 80, ...(this.data?.compressed ? sessionAxis(() => this.data, 80) : {}) },
        {
          ...axis,
          side: 1,
          // uPlot's default 30 px puts a label every quarter dollar on a quiet day; 40 px reads calmer.
          space: 40,
          size: (_u, values) => Math.max(48, ...(values ?? []).map((v) => (v ?? '').length * 7 + 16)),
          // No price labels beside the volume band: prices never go there.
          filter: (_u, splits) => splits.map((v) => (v >= this.priceFloor ? v : null)),
          // Null, not '': uPlot draws a tick's grid line whenever its label is not null.
          values: (_u, splits) => splits.map((v) => (v == null ? null : priceTick.format(v))),
        },
      ],
      plugins: [
        hoverPlugin({ host: this.host, data: () => this.data, drawing: () => this.drawing }),
        volumePlugin({
          data: () => this.data,
          colors,
          onPainted: (count) => {
            this.host.dataset.volumeBars = String(count);
          },
        }),
        candlesPlugin({
          data: () => this.data,
          candles: () => this.mode === 'candles',
          colors,
          onPainted: (count) => {
            this.host.dataset.candlesDrawn = String(count);
          },
        }),
        markersPlugin({
          data: () => this.data,
          visibility: () => this.visibility,
          colors,
          onPainted: (count) => {
            this.host.dataset.markersDrawn = String(count);
          },
        }),
        alertLinePlugin({
          level: () => this.alertLevel,
          color: colors.alertLine,
          onMove: (level) => {
            this.alertLevel = level;
            this.writeAttributes();
          },
          onDrop: (level) => this.options.onAlertLineDrop?.(level),
        }),
        drawingPlugin({
          drawing: () => this.drawing,
          store: this.lines,
          color: colors.drawnLine,
          onChange: () => {
            this.writeAttributes();
            this.options.onLinesChange?.(this.lines.state());
          },
        }),
      ],
      hooks: {
        drawClear: [
          (u) => {
            u.series[PRICE].width = priceLineWidth(this.data?.x.length ?? 0, u.bbox.width / uPlot.pxRatio);
          },
        ],
        setScale: [
          (u, key) => {
            const data = this.data;
            if (key !== 'x' || !data || this.swappingData) return;
            const min = u.scales.x.min ?? data.x[0];
            const max = u.scales.x.max ?? data.x[data.x.length - 1];
            const whole = min <= data.x[0] && max >= data.x[data.x.length - 1];
            this.updateZoom(whole ? null : { min, max });
          },
        ],
        draw: [
          (u) => {
            // How many points the x range shows: all of them, or fewer when zoomed in.
            const data = this.data;
            const [from, to] = data ? visibleRange(u, data.x) : [0, -1];
            this.host.dataset.visiblePoints = String(to - from + 1);
            this.options.onDraw?.();
          },
        ],
      },
    };
  }

  private writeAttributes(): void {
    const { dataset } = this.host;
    const data = this.data;
    const lines = this.lines.state();
    dataset.pointCount = String(data?.x.length ?? 0);
    dataset.lines = String(lines.count);
    dataset.selectedLine = String(lines.selected);
    dataset.drawing = String(this.drawing);
    // The alert line's level and its height from the plot's top (CSS px), for the tests that drag it.
    const alertTop =
      this.alertLevel !== null && this.plot && this.data ? this.plot.valToPos(this.alertLevel, 'y') : null;
    dataset.alertLine = this.alertLevel === null ? '' : this.alertLevel.toFixed(2);
    dataset.alertLineTop = alertTop === null ? '' : String(Math.round(alertTop));
    dataset.mode = this.mode;
    dataset.zoomed = String(this.zoom !== null);
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
