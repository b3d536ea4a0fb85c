/**
 * Where everything of a count-per-day line chart goes (DailyLineChart.tsx draws it): the plot's box, the
 * y axis' whole-number ticks and gridlines, the x axis' day labels, the line through the days and each
 * day's point. Pure, so it is tested without a browser.
 */

export const chartHeight = 260;

export interface DailyPoint {
  day: string;
  value: number;
}

export interface ChartGeometry {
  plot: { left: number; right: number; top: number; bottom: number };
  /** Gridlines and labels of the y axis, bottom (0) first. */
  yTicks: { value: number; y: number }[];
  /** The days labelled under the x axis: their index and place. */
  xTicks: { index: number; x: number }[];
  /** Each day's point, oldest first. */
  points: { x: number; y: number }[];
  /** The line through the points, as an SVG path. */
  path: string;
}

/** Whole numbers only, at most five of them, from 0 to at least `max`. */
export function yTickValues(max: number): number[] {
  const top = Math.max(1, max);
  const step = Math.max(1, Math.ceil(top / 4));
  const ticks: number[] = [];
  for (let value = 0; value <= top + step - 1; value += step) ticks.push(value);
  return ticks;
}

/** About one label per 90 px, evenly spread, the last day always labelled. */
export function xTickIndexes(count: number, width: number): number[] {
  const wanted = Math.max(2, Math.floor(width / 90));
  const step = Math.max(1, Math.ceil(count / wanted));
  const ticks: number[] = [];
  for (let index = count - 1; index >= 0; index -= step) ticks.unshift(index);
  return ticks;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The chart of `points` in a box `width` wide and `chartHeight` high (narrower margins under 500 px). */
export function dailyChartGeometry(points: readonly DailyPoint[], width: number): ChartGeometry {
  const narrow = width < 500;
  const plot = { left: narrow ? 36 : 48, right: width - (narrow ? 12 : 24), top: 16, bottom: chartHeight - 36 };
  const values = yTickValues(Math.max(0, ...points.map((point) => point.value)));
  const top = values.at(-1) ?? 1;
  const step = (plot.right - plot.left) / Math.max(1, points.length - 1);
  const xOf = (index: number) => round(plot.left + index * step);
  const yOf = (value: number) => round(plot.bottom - ((plot.bottom - plot.top) * value) / top);
  const placed = points.map((point, index) => ({ x: xOf(index), y: yOf(point.value) }));
  return {
    plot,
    yTicks: values.map((value) => ({ value, y: yOf(value) })),
    xTicks: xTickIndexes(points.length, width).map((index) => ({ index, x: xOf(index) })),
    points: placed,
    path: placed.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`).join(' '),
  };
}

/** The day whose point is nearest to `x` across (the tooltip follows the pointer along the line). */
export function nearestIndex(geometry: ChartGeometry, x: number): number {
  let nearest = 0;
  geometry.points.forEach((point, index) => {
    if (Math.abs(point.x - x) < Math.abs(geometry.points[nearest]!.x - x)) nearest = index;
  });
  return nearest;
}
