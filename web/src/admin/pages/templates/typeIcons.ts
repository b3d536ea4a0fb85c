import type { IconSource } from '@shopify/polaris';
import {
  ChartHistogramGrowthIcon,
  ClipboardCheckIcon,
  CollectionIcon,
  GaugeIcon,
  MeasurementWeightIcon,
  PersonIcon,
  PersonSegmentIcon,
} from '@shopify/polaris-icons';
import type { ActiveQuizType } from '@quizlead/shared/quizzes.ts';

/** A picture for each quiz type a new quiz can have. */
export const typeIcons: Record<ActiveQuizType, IconSource> = {
  graded_quiz: ClipboardCheckIcon,
  personality_quiz: PersonIcon,
  graded_quiz_with_personality: GaugeIcon,
  weighted_graded_quiz: MeasurementWeightIcon,
  multiple_personality_quiz: PersonSegmentIcon,
  category_quiz_multiple_personality: CollectionIcon,
  category_graded_quiz_with_personality: ChartHistogramGrowthIcon,
};
