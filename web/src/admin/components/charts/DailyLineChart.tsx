import { useEffect, useRef, useState } from 'react';
import { VictoryAxis, VictoryChart, VictoryLine, VictoryScatter, VictoryTooltip, VictoryVoronoiContainer } from 'victory';
import { formatShortDay } from '../../pages/dashboard/range.ts';

/**
 * A count per day as a line with a tooltip per day (victory, the admin's heaviest dependency: import
 * this module only from a lazily loaded one). The dashboard's completions and the post-purchase
 * survey's answers draw with it; each card also lists the numbers as a table for screen readers.
 */

const height = 260;
const line = '#2c6ecb';
const grid = '#e3e3e3';
const label = '#616161';
const font = "Inter, -apple-system, BlinkMacSystemFont, 'San Francisco', 'Segoe UI', Roboto, sans-serif";

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

/** About one label per 90 px, evenly spread, the last day always labelled. */
function xTicks(count: number, width: number): number[] {
  const wanted = Math.max(2, Math.floor(width / 90));
  const step = Math.max(1, Math.ceil(count / wanted));
  const ticks: number[] = [];
  for (let index = count - 1; index >= 0; index -= step) ticks.unshift(index);
  return ticks;
}

/** Whole numbers only, at most five of them. */
function yTicks(max: number): number[] {
  const top = Math.max(1, max);
  const step = Math.max(1, Math.ceil(top / 4));
  const ticks: number[] = [];
  for (let value = 0; value <= top + step - 1; value += step) ticks.push(value);
  return ticks;
}

interface Props {
  /** Every day of the range, oldest first. */
  points: readonly { day: string; value: number }[];
  /** The id of the card's title, which names the chart. */
  titleId: string;
  /** A day's value in words for its tooltip ('3 completions'). */
  describe(value: number): string;
  /** The chart's box (its width and height). */
  className: string | undefined;
  testId: string;
}

export function DailyLineChart({ points, titleId, describe, className, testId }: Props) {
  const { ref, width } = useWidth();
  const data = points.map((point, index) => ({ x: index, y: point.value, day: point.day }));
  const max = Math.max(0, ...points.map((point) => point.value));
  const ticks = yTicks(max);
  const narrow = width < 500;

  return (
    <div ref={ref} className={className} data-testid={testId}>
      {width > 0 && data.length > 0 ? (
        <VictoryChart
          width={width}
          height={height}
          padding={{ top: 16, bottom: 36, left: narrow ? 36 : 48, right: narrow ? 12 : 24 }}
          domain={{ x: [0, Math.max(1, data.length - 1)], y: [0, ticks.at(-1) ?? 1] }}
          containerComponent={
            <VictoryVoronoiContainer
              responsive={false}
              voronoiDimension="x"
              voronoiBlacklist={['points']}
              aria-labelledby={titleId}
              labels={({ datum }: { datum: { day: string; y: number } }) => `${formatShortDay(datum.day)}: ${describe(datum.y)}`}
              labelComponent={
                <VictoryTooltip
                  flyoutStyle={{ fill: '#ffffff', stroke: grid }}
                  style={{ fontFamily: font, fontSize: 12, fill: '#303030' }}
                  cornerRadius={6}
                  flyoutPadding={{ top: 6, bottom: 6, left: 10, right: 10 }}
                />
              }
            />
          }
        >
          <VictoryAxis
            tickValues={xTicks(data.length, width)}
            tickFormat={(index: number) => (data[index] ? formatShortDay(data[index].day) : '')}
            style={{
              axis: { stroke: grid },
              tickLabels: { fontFamily: font, fontSize: 11, fill: label, padding: 8 },
            }}
          />
          <VictoryAxis
            dependentAxis
            tickValues={ticks}
            tickFormat={(value: number) => String(value)}
            style={{
              axis: { stroke: 'transparent' },
              grid: { stroke: grid, strokeDasharray: '4 4' },
              tickLabels: { fontFamily: font, fontSize: 11, fill: label, padding: 6 },
            }}
          />
          <VictoryLine data={data} style={{ data: { stroke: line, strokeWidth: 2 } }} />
          <VictoryScatter name="points" data={data} size={data.length > 60 ? 0 : 2.5} style={{ data: { fill: line } }} />
        </VictoryChart>
      ) : null}
    </div>
  );
}
