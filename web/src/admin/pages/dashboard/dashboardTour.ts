import type { Viewer } from '@quizlead/shared/navigation.ts';
import type { TourStep } from '../../components/tour/Tour.tsx';
import { navigationItems, navigationUrl } from '../../navigation.ts';

/** What the dashboard's parts are marked with for the tour (data-tour="…"). */
export const tourAnchors = {
  stats: 'dashboard-stats',
  createQuiz: 'dashboard-create-quiz',
} as const;

const statsSelector = `[data-tour="${tourAnchors.stats}"]`;

/**
 * The dashboard tour (spec: builder-widgets-shell.md §1): the snapshots, then each screen of the menu
 * that has a tour text (the quiz work area, plans, invoices, account, settings, as they exist), then
 * the create-quiz button. A screen's step points at its menu link, or, while the menu is collapsed or
 * behind a phone's hamburger, at a snapshot card linking to it, else shows in the middle.
 */
export const dashboardTourSteps = (viewer?: Viewer): TourStep[] => [
  {
    id: 'snapshots',
    title: 'Your dashboard at a glance',
    body: 'These snapshots count your quizzes and questions, and how often your quizzes were viewed, played and completed in the chosen dates. Pick other dates and press Filter to compare periods.',
    target: [statsSelector],
  },
  ...navigationItems(viewer).flatMap((item): TourStep[] => {
    if (!item.tour) return [];
    const url = navigationUrl(item.path);
    return [
      {
        id: item.label.toLowerCase(),
        ...item.tour,
        target: [`.Polaris-Navigation a[href="${url}"]`, `${statsSelector} a[href="${url}"]`],
        placement: 'right',
      },
    ];
  }),
  {
    id: 'create-quiz',
    title: 'Create a quiz',
    body: 'Start here: pick a quiz type, then a template or a blank quiz, and build it step by step with a live preview beside it.',
    target: [`[data-tour="${tourAnchors.createQuiz}"]`, `#${tourAnchors.createQuiz}`],
  },
];
