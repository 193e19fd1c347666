import { useId, useState, type KeyboardEvent } from 'react';
import type { UptimeDay } from '../../../shared/status/types';
import { describeDay, describeMinutes, formatDay, formatIncidents, formatUptime } from './statusFormat';
import classes from './UptimeBars.module.css';

interface Props {
  serviceName: string;
  days: readonly UptimeDay[];
}

/**
 * A service's daily bars, oldest left, today right, coloured by the worst status of the day (grey: no data).
 * Hovering, tapping or focusing a bar shows its date, uptime and incidents. For keyboards the strip is one tab stop
 * and the arrow keys (Home/End) move between days; for screen readers every bar carries the same sentence.
 */
export function UptimeBars({ serviceName, days }: Props) {
  const [active, setActive] = useState<number | null>(null);
  // The bar that holds the strip's tab stop: the last one focused, today by default.
  const [focusIndex, setFocusIndex] = useState(days.length - 1);
  const tooltipId = useId();
  const shown = active === null ? null : days[active];

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = {
      ArrowLeft: focusIndex - 1,
      ArrowRight: focusIndex + 1,
      Home: 0,
      End: days.length - 1,
    };
    if (!(event.key in keys)) return;
    event.preventDefault();
    const next = Math.min(days.length - 1, Math.max(0, keys[event.key]));
    setFocusIndex(next);
    setActive(next);
    (event.currentTarget.children[next] as HTMLElement | undefined)?.focus();
  };

  return (
    <div className={classes.strip} onPointerLeave={() => setActive(null)}>
      <div
        className={classes.bars}
        role="group"
        aria-label={`${serviceName}: daily uptime for the last ${days.length} days`}
        onKeyDown={moveFocus}
        data-testid="uptime-bars"
      >
        {days.map((day, index) => (
          <span
            key={day.date}
            role="img"
            aria-label={describeDay(day)}
            aria-describedby={active === index ? tooltipId : undefined}
            tabIndex={index === focusIndex ? 0 : -1}
            className={classes.bar}
            data-status={day.worstStatus ?? 'no-data'}
            data-date={day.date}
            data-active={active === index || undefined}
            onPointerEnter={() => setActive(index)}
            onFocus={() => {
              setFocusIndex(index);
              setActive(index);
            }}
            onBlur={() => setActive((current) => (current === index ? null : current))}
          />
        ))}
      </div>
      {shown && active !== null && (
        <div
          id={tooltipId}
          role="tooltip"
          className={classes.tooltip}
          data-testid="uptime-tooltip"
          style={tooltipPosition(active, days.length)}
        >
          <div className={classes.tooltipTitle}>{formatDay(shown.date)}</div>
          {shown.uptime === null ? (
            <div>No data: no checks ran this day</div>
          ) : (
            <>
              <div>Uptime {formatUptime(shown.uptime)}</div>
              <div>{formatIncidents(shown.incidents)}</div>
              <div>{describeMinutes(shown)}</div>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** Above the bar, slid so that it never leaves the strip: at the first bar it starts there, at the last it ends there. */
function tooltipPosition(index: number, count: number) {
  const percent = ((index + 0.5) / count) * 100;
  return { left: `${percent}%`, transform: `translateX(-${percent}%)` };
}
