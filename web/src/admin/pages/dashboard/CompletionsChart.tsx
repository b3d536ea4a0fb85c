import type { TDashboardGraph } from '@quizlead/shared/schemas/reports.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { VictoryAxis, VictoryChart, VictoryLine, VictoryScatter, VictoryTooltip, VictoryVoronoiContainer } from 'victory';
import { ChartCard, completions } from './ChartCard.tsx';
import styles from './dashboard.module.css';
import { formatShortDay } from './range.ts';

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

/** Quiz completions per day of the range, as a line with a tooltip per day; the numbers also as a table for screen readers. */
export function CompletionsChart({ graph }: { graph: TDashboardGraph }) {
  const { ref, width } = useWidth();
  const titleId = useId();
  const data = graph.map((row, index) => ({ x: index, y: row.completions, day: row.day }));
  const max = Math.max(0, ...graph.map((row) => row.completions));
  const ticks = yTicks(max);
  const narrow = width < 500;

  return (
    <ChartCard graph={graph} titleId={titleId}>
      <div ref={ref} className={styles.chart} data-testid="completions-chart">
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
                labels={({ datum }: { datum: { day: string; y: number } }) =>
                  `${formatShortDay(datum.day)}: ${completions(datum.y)}`
                }
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
    </ChartCard>
  );
}
