import uPlot from 'uplot';

export interface AlertLineSource {
  /** The level shown (null: no line). */
  level(): number | null;
  color: string;
  /** The line moved while dragged (the chart mirrors it), and where it was let go. */
  onMove(level: number): void;
  onDrop(level: number): void;
}

/** A press this close to the line (CSS pixels) picks it up; a finger gets more room than a mouse. */
const GRAB_PX = { mouse: 8, touch: 16 };

/**
 * An alert's level as a horizontal dashed line across the plot (issue 30 §2), dragged up or down to set the level.
 * Painted on the plot's canvas after the series; the press that picks the line up is taken before uPlot's zoom and
 * the drawing tools see it (a capturing listener that stops it), so dragging the line neither zooms nor draws.
 */
export function alertLinePlugin(source: AlertLineSource): uPlot.Plugin {
  let plot: uPlot | null = null;
  let dragging: number | null = null;
  let dragged: number | null = null;

  const shown = () => dragged ?? source.level();

  function top(u: uPlot, e: PointerEvent) {
    return e.clientY - u.over.getBoundingClientRect().top;
  }

  function onPointerDown(e: PointerEvent) {
    const u = plot;
    const level = shown();
    if (!u || level === null || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const y = u.valToPos(level, 'y');
    if (Math.abs(top(u, e) - y) > (e.pointerType === 'touch' ? GRAB_PX.touch : GRAB_PX.mouse)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    dragging = e.pointerId;
    dragged = level;
    try {
      u.over.setPointerCapture(e.pointerId);
    } catch {
      // Dragging still works inside the plot.
    }
  }

  function onPointerMove(e: PointerEvent) {
    const u = plot;
    if (!u || dragging !== e.pointerId) return;
    e.stopImmediatePropagation();
    const value = u.posToVal(Math.min(Math.max(top(u, e), 0), u.over.clientHeight), 'y');
    if (!Number.isFinite(value) || value <= 0) return;
    dragged = value;
    source.onMove(value);
    u.redraw(false, false);
  }

  function onPointerUp(e: PointerEvent) {
    if (dragging !== e.pointerId) return;
    e.stopImmediatePropagation();
    const level = dragged;
    dragging = null;
    dragged = null;
    if (level !== null) source.onDrop(level);
  }

  function onPointerCancel() {
    dragging = null;
    dragged = null;
    plot?.redraw(false, false);
  }

  function paint(u: uPlot) {
    const level = shown();
    if (level === null) return;
    const y = Math.round(u.valToPos(level, 'y', true));
    if (y < u.bbox.top || y > u.bbox.top + u.bbox.height) return;
    const ratio = uPlot.pxRatio;
    const { ctx } = u;
    ctx.save();
    ctx.strokeStyle = source.color;
    ctx.fillStyle = source.color;
    ctx.lineWidth = (dragging !== null ? 2.5 : 1.5) * ratio;
    ctx.setLineDash([6 * ratio, 4 * ratio]);
    ctx.beginPath();
    ctx.moveTo(u.bbox.left, y);
    ctx.lineTo(u.bbox.left + u.bbox.width, y);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.font = `${12 * ratio}px system-ui, sans-serif`;
    ctx.textBaseline = 'bottom';
    ctx.fillText(`Alert ${level.toFixed(2)}`, u.bbox.left + 6 * ratio, y - 3 * ratio);
    ctx.restore();
  }

  return {
    hooks: {
      init: (u) => {
        plot = u;
        // Capturing: before uPlot's own listeners and the drawing tools' on the same element.
        u.over.addEventListener('pointerdown', onPointerDown, true);
        u.over.addEventListener('pointermove', onPointerMove, true);
        u.over.addEventListener('pointerup', onPointerUp, true);
        u.over.addEventListener('pointercancel', onPointerCancel, true);
      },
      draw: (u) => paint(u),
      destroy: (u) => {
        u.over.removeEventListener('pointerdown', onPointerDown, true);
        u.over.removeEventListener('pointermove', onPointerMove, true);
        u.over.removeEventListener('pointerup', onPointerUp, true);
        u.over.removeEventListener('pointercancel', onPointerCancel, true);
        plot = null;
      },
    },
  };
}
