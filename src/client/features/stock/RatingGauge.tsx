import { Text } from '@mantine/core';
import type { Rating } from '../../../shared/market/types';
import classes from './RatingGauge.module.css';

/** product.md §2: ratings run from red to green. */
export const RATINGS: readonly Rating[] = ['Strong Sell', 'Sell', 'Hold', 'Buy', 'Strong Buy'];
/** CSS variable of each rating's colour (RatingGauge.module.css: a shade per colour scheme, 4.5:1 or more as text). */
const ratingColor = (rating: Rating) => `var(--tw-rating-${RATINGS.indexOf(rating)})`;

const CX = 100;
const CY = 100;
const RADIUS = 78;
const SEGMENT_DEG = 180 / RATINGS.length;
const GAP_DEG = 2;

function point(angleDeg: number, radius: number) {
  const a = (angleDeg * Math.PI) / 180;
  return { x: CX + radius * Math.cos(a), y: CY - radius * Math.sin(a) };
}

function arc(fromDeg: number, toDeg: number) {
  const start = point(fromDeg, RADIUS);
  const end = point(toDeg, RADIUS);
  // Angles decrease clockwise on screen (left to right), so sweep-flag 1.
  return `M ${start.x.toFixed(2)} ${start.y.toFixed(2)} A ${RADIUS} ${RADIUS} 0 0 1 ${end.x.toFixed(2)} ${end.y.toFixed(2)}`;
}

/** Half-circle gauge, five bands from Strong Sell (red, left) to Strong Buy (green, right), needle on the rating. */
export function RatingGauge({ rating }: { rating: Rating }) {
  const index = RATINGS.indexOf(rating);
  const needleAngle = 180 - SEGMENT_DEG * (index + 0.5);
  const tip = point(needleAngle, RADIUS - 16);
  return (
    <div className={classes.gauge} data-testid="rating" data-rating={rating}>
      <svg viewBox="0 0 200 112" role="img" aria-label={`Rating: ${rating}`} className={classes.svg}>
        {RATINGS.map((r, i) => (
          <path
            key={r}
            d={arc(180 - i * SEGMENT_DEG - GAP_DEG / 2, 180 - (i + 1) * SEGMENT_DEG + GAP_DEG / 2)}
            style={{ stroke: ratingColor(r) }}
            strokeWidth={i === index ? 20 : 14}
            strokeOpacity={i === index ? 1 : 0.45}
            fill="none"
          />
        ))}
        <line x1={CX} y1={CY} x2={tip.x} y2={tip.y} className={classes.needle} strokeWidth={4} strokeLinecap="round" />
        <circle cx={CX} cy={CY} r={7} className={classes.hub} />
      </svg>
      <Text fw={800} fz={22} ta="center" style={{ color: ratingColor(rating) }}>
        {rating}
      </Text>
      <div className={classes.scale} aria-hidden>
        <span>Strong Sell</span>
        <span>Strong Buy</span>
      </div>
    </div>
  );
}
