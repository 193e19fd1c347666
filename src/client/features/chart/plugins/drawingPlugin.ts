import uPlot from 'uplot';
import type { DrawnLine } from '../chartTypes';
import { distanceToSegment, type DrawnLines } from '../drawnLines';

export interface DrawingSource {
  drawing(): boolean;
  /** The lines and their history, owned by the chart so they survive a re-created plot (theme change). */
  store: DrawnLines;
  color: string;
  /** Called after a line is added or the selection changes. */
  onChange(): void;
}

/** Shorter drags are clicks, not lines. */
const MIN_LENGTH_PX = 4;
/** A press this close to a line (CSS pixels) selects it; a finger gets more room than a mouse. */
const HIT_PX = { mouse: 6, touch: 14 };

/**
 * Drawing mode (product.md §4): pointer down starts a line, dragging previews it dashed, pointer up commits it; a
 * finger draws like a mouse. In any mode a press on a line selects it (thicker, with handles) for the Delete key or
 * button, and a press elsewhere drops the selection.
 * Lines live on their own canvas over the plot so a drag repaints two lines, not the whole series; they are kept in
 * price/time coordinates so they stay put when the chart resizes, zooms or live data moves the scales.
 */
export function drawingPlugin(source: DrawingSource): uPlot.Plugin {
  const canvas = document.createElement('canvas');
  canvas.className = 'tw-chart-drawing';
  let preview: DrawnLine | null = null;
  let startPx: { left: number; top: number } | null = null;
  let plot: uPlot | null = null;

  function toData(u: uPlot, e: PointerEvent) {
    const rect = u.over.getBoundingClientRect();
    const left = e.clientX - rect.left;
    const top = e.clientY - rect.top;
    return { left, top, point: { x: u.posToVal(left, 'x'), y: u.posToVal(top, 'y') } };
  }

  /** The line under (left, top), in CSS pixels of the plot, or -1. */
  function lineAt(u: uPlot, left: number, top: number, tolerance: number): number {
    const lines = source.store.lines;
    let best = -1;
    let bestDistance = tolerance;
    for (let i = lines.length - 1; i >= 0; i--) {
      const { start, end } = lines[i];
      const d = distanceToSegment(
        left,
        top,
        u.valToPos(start.x, 'x'),
        u.valToPos(start.y, 'y'),
        u.valToPos(end.x, 'x'),
        u.valToPos(end.y, 'y'),
      );
      if (d <= bestDistance) {
        best = i;
        bestDistance = d;
      }
    }
    return best;
  }

  // The layer's backing store (plot size x device pixel ratio, megabytes at ratio 2) is only allocated once there
  // is a line to show: a chart nobody draws on never pays for it, and its first paint stays fast.
  let sizeStale = true;
  let painted = false;

  function sizeCanvas(u: uPlot) {
    const ratio = uPlot.pxRatio;
    canvas.style.width = `${u.bbox.width / ratio}px`;
    canvas.style.height = `${u.bbox.height / ratio}px`;
    sizeStale = true;
  }

  function render() {
    const u = plot;
    const lines = source.store.lines;
    if (!u || (lines.length === 0 && !preview && !painted)) return;
    if (sizeStale) {
      // Resizing the backing store also clears it.
      canvas.width = Math.round(u.bbox.width);
      canvas.height = Math.round(u.bbox.height);
      sizeStale = false;
    } else if (painted) {
      canvas.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    }
    painted = lines.length > 0 || preview !== null;
    const ctx = painted ? canvas.getContext('2d') : null;
    if (!ctx) return;
    const ratio = uPlot.pxRatio;
    ctx.lineCap = 'round';
    ctx.strokeStyle = source.color;
    ctx.fillStyle = source.color;
    const stroke = (line: DrawnLine, style: 'committed' | 'preview' | 'selected') => {
      const x1 = u.valToPos(line.start.x, 'x', true) - u.bbox.left;
      const y1 = u.valToPos(line.start.y, 'y', true) - u.bbox.top;
      const x2 = u.valToPos(line.end.x, 'x', true) - u.bbox.left;
      const y2 = u.valToPos(line.end.y, 'y', true) - u.bbox.top;
      const handle = (style === 'selected' ? 5 : 3) * ratio;
      ctx.lineWidth = (style === 'selected' ? 3.5 : 2) * ratio;
      ctx.setLineDash(style === 'preview' ? [6 * ratio, 5 * ratio] : []);
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(x1, y1, handle, 0, Math.PI * 2);
      ctx.moveTo(x2 + handle, y2);
      ctx.arc(x2, y2, handle, 0, Math.PI * 2);
      ctx.fill();
    };
    const selected = source.store.selected;
    lines.forEach((line, i) => stroke(line, i === selected ? 'selected' : 'committed'));
    if (preview) stroke(preview, 'preview');
  }

  function onPointerDown(e: PointerEvent) {
    const u = plot;
    if (!u || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const { left, top, point } = toData(u, e);
    const hit = lineAt(u, left, top, e.pointerType === 'touch' ? HIT_PX.touch : HIT_PX.mouse);
    if (hit >= 0) {
      // Selecting is not the start of a zoom or of a new line: the compatibility mouse events uPlot listens to are
      // cancelled with the pointer event.
      e.preventDefault();
      source.store.select(hit);
      source.onChange();
      render();
      return;
    }
    if (source.store.selected >= 0) {
      source.store.select(-1);
      source.onChange();
      render();
    }
    if (!source.drawing()) return;
    // No preventDefault: it would stop the mouse events uPlot's crosshair follows during the drag.
    try {
      // Keep receiving moves when the drag leaves the plot; a pointer that is already gone cannot be captured.
      u.over.setPointerCapture(e.pointerId);
    } catch {
      // Drawing still works inside the plot.
    }
    startPx = { left, top };
    preview = { start: point, end: point };
    render();
  }

  function onPointerMove(e: PointerEvent) {
    const u = plot;
    if (!u || !preview) return;
    preview = { start: preview.start, end: toData(u, e).point };
    render();
  }

  function onPointerUp(e: PointerEvent) {
    const u = plot;
    if (!u || !preview || !startPx) return;
    const { left, top, point } = toData(u, e);
    const line = { start: preview.start, end: point };
    const long = Math.hypot(left - startPx.left, top - startPx.top) >= MIN_LENGTH_PX;
    preview = null;
    startPx = null;
    if (long) {
      source.store.add(line);
      source.onChange();
    }
    render();
  }

  function onPointerCancel() {
    preview = null;
    startPx = null;
    render();
  }

  return {
    hooks: {
      init: (u) => {
        plot = u;
        u.over.appendChild(canvas);
        u.over.addEventListener('pointerdown', onPointerDown);
        u.over.addEventListener('pointermove', onPointerMove);
        u.over.addEventListener('pointerup', onPointerUp);
        u.over.addEventListener('pointercancel', onPointerCancel);
      },
      setSize: (u) => {
        sizeCanvas(u);
        render();
      },
      draw: () => render(),
      destroy: (u) => {
        u.over.removeEventListener('pointerdown', onPointerDown);
        u.over.removeEventListener('pointermove', onPointerMove);
        u.over.removeEventListener('pointerup', onPointerUp);
        u.over.removeEventListener('pointercancel', onPointerCancel);
        plot = null;
      },
    },
  };
}
