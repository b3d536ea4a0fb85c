/**
 * The built-in quiz templates listed in the template chooser (spec: builder-widgets-shell.md §2.3): one or
 * more ready-to-use quizzes per active quiz type. Every id is written out literally, so a template, its
 * questions and their answers keep the same ids across restarts; using a template copies it.
 *
 * Images live in ../images and are served at /template-images/<file>.
 */
import { fileURLToPath } from 'node:url';
import type { TQuestion, TQuizInput } from '@quizlead/shared/schemas/quiz.ts';
import { coffeeRoastMatch } from './coffeeRoastMatch.ts';
import { cyberSafetyBasics } from './cyberSafetyBasics.ts';
import { holidayStoreReadiness } from './holidayStoreReadiness.ts';
import { homeBuyingReadiness } from './homeBuyingReadiness.ts';
import { leadershipStyle } from './leadershipStyle.ts';
import { onlineMarketingKnowledge } from './onlineMarketingKnowledge.ts';
import { skinType } from './skinType.ts';
import { sleepHealth } from './sleepHealth.ts';
import { travelStyle } from './travelStyle.ts';

export interface CatalogueTemplate {
  /** A fixed uuid. */
  id: string;
  /** One line shown on the template card. */
  description: string;
  /** Cover image url (under /template-images/). */
  image: string;
  quiz: TQuizInput;
  questions: TQuestion[];
}

/** The url path the template images are served at. */
export const templateImagesUrlPath = '/template-images/';
/** The folder holding the template images (SVG). */
export const templateImagesDir = fileURLToPath(new URL('../images/', import.meta.url));

/** In the order of the quiz types (shared/src/quizzes.ts). */
export const catalogue: CatalogueTemplate[] = [
  onlineMarketingKnowledge,
  cyberSafetyBasics,
  coffeeRoastMatch,
  skinType,
  homeBuyingReadiness,
  sleepHealth,
  travelStyle,
  leadershipStyle,
  holidayStoreReadiness,
];
