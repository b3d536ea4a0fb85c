import type { IconSource } from '@shopify/polaris';
import {
  ChartVerticalIcon,
  ChatIcon,
  ClipboardChecklistIcon,
  HomeIcon,
  PersonIcon,
  PlayCircleIcon,
  TargetIcon,
  ThemeTemplateIcon,
} from '@shopify/polaris-icons';

export interface NavigationItem {
  label: string;
  /** Path under /app; '' is the dashboard. */
  path: string;
  icon: IconSource;
  /** Other first segments that belong to this entry (the quiz editor lives under Quiz/…). */
  also?: string[];
}

/** The signed-in area's screens, in menu order. Each new screen appends its entry here. */
export const navigationItems: NavigationItem[] = [
  { label: 'Dashboard', path: '', icon: HomeIcon },
  { label: 'Quizzes', path: 'Quizzes', icon: ClipboardChecklistIcon, also: ['Quiz', 'answersheet'] },
  { label: 'Templates', path: 'Templates', icon: ThemeTemplateIcon },
  { label: 'Web Response', path: 'FeedbackLists', icon: ChatIcon, also: ['Feedback'] },
  { label: 'Poll', path: 'poll/lists', icon: ChartVerticalIcon, also: ['poll'] },
  { label: 'Wheel Spin', path: 'wheel_spinner/lists', icon: TargetIcon, also: ['wheel_spinner', 'wheelspin'] },
  { label: 'Account', path: 'Account', icon: PersonIcon },
  { label: 'Tutorials', path: 'Tutorials', icon: PlayCircleIcon },
];

/** The first URL segment after /app, matched case-insensitively like the routes. */
export function selectedPath(pathname: string): string {
  const segment = pathname.replace(/^\/app\/?/i, '').split('/')[0] ?? '';
  const wanted = segment.toLowerCase();
  const match = navigationItems.find((item) => [item.path, ...(item.also ?? [])].some((path) => path.toLowerCase() === wanted));
  return match ? match.path : '';
}
