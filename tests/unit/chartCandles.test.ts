import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { CandlePaths, type PathSink } from '../../src/client/features/chart/plugins/candlePaths';
import { pixelScale, xPos, yPos } from '../../src/client/features/chart/plugins/pixelScale';

/** Records the segments a path is given (there is no canvas under Node). */
function recorder() {
  const ops: string[] = [];
  const sink: PathSink = {
    moveTo: (x, y) => void ops.push(`M${x},${y}`),
    lineTo: (x, y) => void ops.push(`L${x},${y}`),
    rect: (x, y, w, h) => void ops.push(`R${x},${y},${w},${h}`),
  };
  return { ops, sink };
}

function wicksOf(wicks: Array<[x: number, high: number, low: number]>): string[] {
  const w = recorder();
  const paths = new CandlePaths(w.sink, recorder().sink);
  for (const [x, high, low] of wicks) paths.wick(x, high, low);
  paths.flush();
  return w.ops;
}

describe('CandlePaths', () => {
  it('draws one wick per bar when every bar has its own pixel column', () => {
    expect(
      wicksOf([
        [10, 5, 20],
        [14, 8, 30],
      ]),
    ).toEqual(['M10.5,5', 'L10.5,20', 'M14.5,8', 'L14.5,30']);
  });

  it('merges wicks that overlap or touch on the same column into their union', () => {
    // 100,000 minutes on a 2,400 px canvas: dozens of bars per column, each opening where the last one closed.
    expect(
      wicksOf([
        [10, 5, 20],
        [10, 20, 26],
        [10, 12, 18],
        [10, 2, 7],
      ]),
    ).toEqual(['M10.5,2', 'L10.5,26']);
  });

  it('keeps wicks apart that leave a gap on their column, so no pixel between them is painted', () => {
    expect(
      wicksOf([
        [10, 5, 20],
        [10, 25, 30],
      ]),
    ).toEqual(['M10.5,5', 'L10.5,20', 'M10.5,25', 'L10.5,30']);
  });
});

describe('pixelScale', () => {
  // The plot box and scales uPlot exposes; valToPos(v, key, true) is off + dim * pct (1 - pct for y).
  const u = {
    bbox: { left: 48, top: 24, width: 2400, height: 1200 },
    scales: { x: { min: 1000, max: 5000 }, y: { min: 90, max: 110 } },
  } as unknown as uPlot;

  it('maps the ends of each scale to the edges of the plot, y growing downwards', () => {
    const x = pixelScale(u, 'x');
    const y = pixelScale(u, 'y');
    expect([xPos(x, 1000), xPos(x, 3000), xPos(x, 5000)]).toEqual([48, 1248, 2448]);
    expect([yPos(y, 110), yPos(y, 100), yPos(y, 90)]).toEqual([24, 624, 1224]);
  });
});
