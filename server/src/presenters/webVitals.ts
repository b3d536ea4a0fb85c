import type { TAdminWebVital } from '@quizlead/shared/schemas/webVitals.ts';
import type { WebVitalFigure } from '../db/queries/webVitals.ts';

/** One figure as the admin area shows it: milliseconds whole, layout shift to three decimals. */
export function presentWebVital(figure: WebVitalFigure): TAdminWebVital {
  const p75 = figure.metric === 'CLS' ? Math.round(figure.p75 * 1000) / 1000 : Math.round(figure.p75);
  return { page: figure.page, surface: figure.surface, metric: figure.metric, p75, samples: figure.samples };
}
