/**
 * A decorative chart drawing for the marketing sections. It is artwork, not market data:
 * the curve comes from a fixed formula so it looks the same on every visit.
 */
interface Props {
  variant: 'live' | 'signals' | 'drawing';
  height?: number;
}

const WIDTH = 400;
const POINTS = 60;

function series(height: number): [number, number][] {
  return Array.from({ length: POINTS }, (_, i) => {
    const t = i / (POINTS - 1);
    const y = 0.6 - 0.35 * t + 0.09 * Math.sin(i * 0.45) + 0.03 * Math.sin(i * 1.3);
    return [t * WIDTH, y * height];
  });
}

function movingAverage(points: [number, number][], window: number): [number, number][] {
  return points.map(([x], i) => {
    const slice = points.slice(Math.max(0, i - window + 1), i + 1);
    return [x, slice.reduce((sum, [, y]) => sum + y, 0) / slice.length];
  });
}

const toPath = (points: [number, number][]) =>
  points.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

export function ChartIllustration({ variant, height = 200 }: Props) {
  const points = series(height);
  const line = toPath(points);
  const area = `${line} L${WIDTH},${height} L0,${height} Z`;
  const gradientId = `fill-${variant}`;

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      style={{ display: 'block', width: '100%', height: 'auto' }}
      role="img"
      aria-label={`${variant} chart illustration`}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="var(--mantine-color-teal-5)" stopOpacity="0.35" />
          <stop offset="100%" stopColor="var(--mantine-color-teal-5)" stopOpacity="0" />
        </linearGradient>
      </defs>
      {[0.25, 0.5, 0.75].map((f) => (
        <line
          key={f}
          x1="0"
          x2={WIDTH}
          y1={height * f}
          y2={height * f}
          stroke="var(--mantine-color-default-border)"
          strokeDasharray="4 6"
        />
      ))}
      <path d={area} fill={`url(#${gradientId})`} />
      <path d={line} fill="none" stroke="var(--mantine-color-teal-5)" strokeWidth="2.5" />
      {variant === 'signals' && (
        <>
          <path
            d={toPath(movingAverage(points, 8))}
            fill="none"
            stroke="var(--mantine-color-yellow-5)"
            strokeWidth="1.5"
          />
          <path
            d={toPath(movingAverage(points, 18))}
            fill="none"
            stroke="var(--mantine-color-violet-4)"
            strokeWidth="1.5"
          />
          <circle cx={points[14][0]} cy={points[14][1]} r="6" fill="var(--mantine-color-green-6)" />
          <circle cx={points[38][0]} cy={points[38][1]} r="6" fill="var(--mantine-color-red-6)" />
        </>
      )}
      {variant === 'drawing' && (
        <line
          x1={points[6][0]}
          y1={points[6][1] + 18}
          x2={points[52][0]}
          y2={points[52][1] + 12}
          stroke="var(--mantine-color-orange-5)"
          strokeWidth="2"
          strokeDasharray="7 5"
        />
      )}
      {variant === 'live' && (
        <circle cx={points[POINTS - 1][0] - 4} cy={points[POINTS - 1][1]} r="5" fill="var(--mantine-color-teal-4)" />
      )}
    </svg>
  );
}
