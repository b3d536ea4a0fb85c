import { Text } from '@shopify/polaris';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatShortDay } from '../../pages/dashboard/range.ts';
import { chartHeight, dailyChartGeometry, nearestIndex, type DailyPoint } from './dailyChartGeometry.ts';
import styles from './dailyLineChart.module.css';

/**
 * A count per day as a line, drawn as our own SVG (decision 076): the dashboard's completions and the
 * post-purchase survey's answers. Pointing at the chart, or focusing it and using the arrow keys, shows
 * a day's count in a tooltip and says it to a screen reader; each card also lists the numbers as a table.
 */

/** The width of an element, followed as it changes (the chart draws at its real size, so text stays legible). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

interface Props {
  /** Every day of the range, oldest first. */
  points: readonly DailyPoint[];
  /** The id of the card's title, which names the chart. */
  titleId: string;
  /** A day's value in words for its tooltip ('3 completions'). */
  describe(value: number): string;
  /** The chart's box (its width and height). */
  className: string | undefined;
  testId: string;
}

const keySteps: Record<string, (index: number, last: number) => number> = {
  ArrowLeft: (index) => Math.max(0, index - 1),
  ArrowDown: (index) => Math.max(0, index - 1),
  ArrowRight: (index, last) => Math.min(last, index + 1),
  ArrowUp: (index, last) => Math.min(last, index + 1),
  Home: () => 0,
  End: (_index, last) => last,
};

export function DailyLineChart({ points, titleId, describe, className, testId }: Props) {
  const { ref, width } = useWidth();
  const hintId = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const geometry = width > 0 && points.length > 0 ? dailyChartGeometry(points, width) : null;
  const last = points.length - 1;
  const shown = active !== null && active <= last ? active : null;
  const text = (index: number) => `${formatShortDay(points[index]!.day)}: ${describe(points[index]!.value)}`;

  const point = (event: PointerEvent<SVGSVGElement>) => {
    if (!geometry) return;
    setActive(nearestIndex(geometry, event.clientX - event.currentTarget.getBoundingClientRect().left));
  };
  const key = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = keySteps[event.key];
    if (step) {
      event.preventDefault();
      setActive((index) => step(index ?? last, last));
    } else if (event.key === 'Escape') {
      setActive(null);
    }
  };

  return (
    <div ref={ref} className={className} data-testid={testId}>
      {geometry ? (
        <div
          ref={frameRef}
          className={styles.frame}
          role="group"
          tabIndex={0}
          aria-labelledby={titleId}
          aria-describedby={hintId}
          onKeyDown={key}
          onFocus={() => setActive((index) => index ?? last)}
          onBlur={() => setActive(null)}
        >
          <svg
            width={width}
            height={chartHeight}
            aria-hidden="true"
            onPointerMove={point}
            onPointerDown={point}
            onPointerLeave={() => document.activeElement !== frameRef.current && setActive(null)}
          >
            {geometry.yTicks.map((tick) => (
              <g key={tick.value}>
                <line className={styles.grid} x1={geometry.plot.left} x2={geometry.plot.right} y1={tick.y} y2={tick.y} />
                <text className={styles.label} x={geometry.plot.left - 8} y={tick.y} textAnchor="end" dominantBaseline="middle">
                  {tick.value}
                </text>
              </g>
            ))}
            <line
              className={styles.axis}
              x1={geometry.plot.left}
              x2={geometry.plot.right}
              y1={geometry.plot.bottom}
              y2={geometry.plot.bottom}
            />
            {geometry.xTicks.map((tick) => (
              <text key={tick.index} className={styles.label} x={tick.x} y={geometry.plot.bottom + 20} textAnchor="middle">
                {formatShortDay(points[tick.index]!.day)}
              </text>
            ))}
            {shown !== null ? (
              <line
                className={styles.guide}
                x1={geometry.points[shown]!.x}
                x2={geometry.points[shown]!.x}
                y1={geometry.plot.top}
                y2={geometry.plot.bottom}
              />
            ) : null}
            <path className={styles.line} d={geometry.path} />
            {points.length <= 60
              ? geometry.points.map((spot, index) => (
                  <circle key={index} className={styles.point} cx={spot.x} cy={spot.y} r={2.5} />
                ))
              : null}
            {shown !== null ? (
              <circle className={styles.activePoint} cx={geometry.points[shown]!.x} cy={geometry.points[shown]!.y} r={4.5} />
            ) : null}
          </svg>
          {shown !== null ? (
            <div
              // Below a point near the top, so it stays inside the card.
              className={`${styles.tooltip} ${geometry.points[shown]!.y < 48 ? styles.below : ''}`}
              aria-hidden="true"
              style={{ left: Math.min(Math.max(geometry.points[shown]!.x, 64), width - 64), top: geometry.points[shown]!.y }}
            >
              {text(shown)}
            </div>
          ) : null}
        </div>
      ) : null}
      <Text as="p" id={hintId} visuallyHidden>
        Use the arrow keys to read each day.
      </Text>
      <div aria-live="polite">
        <Text as="p" visuallyHidden>
          {shown !== null ? text(shown) : ''}
        </Text>
      </div>
    </div>
  );
}
