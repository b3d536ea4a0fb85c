import type { IconSource } from '@shopify/polaris';
import {
  ChartVerticalIcon,
  ChatIcon,
  ClipboardChecklistIcon,
  CreditCardIcon,
  HomeIcon,
  PersonIcon,
  PlayCircleIcon,
  ReceiptIcon,
  SettingsIcon,
  TargetIcon,
  ThemeTemplateIcon,
} from '@shopify/polaris-icons';
import { navigation, type NavigationEntry, type ScreenPath } from '@quizlead/shared/navigation.ts';

export { selectedPath } from '@quizlead/shared/navigation.ts';

const icons: Record<ScreenPath, IconSource> = {
  '': HomeIcon,
  Quizzes: ClipboardChecklistIcon,
  Templates: ThemeTemplateIcon,
  FeedbackLists: ChatIcon,
  'poll/lists': ChartVerticalIcon,
  'wheel_spinner/lists': TargetIcon,
  Plans: CreditCardIcon,
  Invoices: ReceiptIcon,
  Account: PersonIcon,
  Settings: SettingsIcon,
  Tutorials: PlayCircleIcon,
};

export interface NavigationItem extends NavigationEntry {
  icon: IconSource;
}

/** The menu of the signed-in area (shared/src/navigation.ts), each entry with its icon. */
export const navigationItems: NavigationItem[] = navigation.map((entry) => ({ ...entry, icon: icons[entry.path] }));

/** The address of a menu entry. */
export const navigationUrl = (path: ScreenPath) => `/app/${path}`;
