import type { IconSource } from '@shopify/polaris';
import {
  ChartDonutIcon,
  ChartVerticalIcon,
  ChatIcon,
  ClipboardChecklistIcon,
  CreditCardIcon,
  HomeIcon,
  PersonIcon,
  PlanIcon,
  PlayCircleIcon,
  ProductIcon,
  ReceiptIcon,
  SettingsIcon,
  ShieldPersonIcon,
  TargetIcon,
  ThemeTemplateIcon,
} from '@shopify/polaris-icons';
import {
  navigationFor,
  selectedPath as selectedPathUnder,
  type NavigationEntry,
  type ScreenPath,
  type Viewer,
} from '@quizlead/shared/navigation.ts';
import { adminBasePath, currentShell } from './shell.ts';
import { adminPath } from './urls.ts';

const icons: Record<ScreenPath, IconSource> = {
  '': HomeIcon,
  Quizzes: ClipboardChecklistIcon,
  Templates: ThemeTemplateIcon,
  FeedbackLists: ChatIcon,
  'poll/lists': ChartVerticalIcon,
  'wheel_spinner/lists': TargetIcon,
  Products: ProductIcon,
  PostPurchaseSurvey: ChartDonutIcon,
  Plan: PlanIcon,
  Plans: CreditCardIcon,
  Invoices: ReceiptIcon,
  Account: PersonIcon,
  Settings: SettingsIcon,
  Tutorials: PlayCircleIcon,
  Admin: ShieldPersonIcon,
};

export interface NavigationItem extends NavigationEntry {
  icon: IconSource;
}

/**
 * The current shell's menu (shared/src/navigation.ts) as `viewer` may see it, each entry with its icon
 * and its tour text there.
 */
export function navigationItems(viewer?: Viewer): NavigationItem[] {
  const shell = currentShell();
  return navigationFor(shell, viewer).map((entry) => ({
    ...entry,
    tour: (shell === 'embedded' && entry.embeddedTour) || entry.tour,
    icon: icons[entry.path],
  }));
}

/** The address of a menu entry in the current shell. */
export const navigationUrl = (path: ScreenPath) => adminPath(path);

/** The menu entry of a location in the current shell. */
export const selectedPath = (pathname: string) => selectedPathUnder(pathname, adminBasePath());
