import { Navigation } from '@shopify/polaris';
import type { Viewer } from '@quizlead/shared/navigation.ts';
import { navigationItems, navigationUrl, selectedPath } from '@quizlead/web/admin/navigation.ts';

interface Props {
  pathname: string;
  /** The signed-in user: what their role may open, and whether they see the admin area. */
  viewer: Viewer;
  /** Closes the navigation after a choice on phones. */
  onDismiss(): void;
}

export function ShellNavigation({ pathname, viewer, onDismiss }: Props) {
  const selected = selectedPath(pathname);
  return (
    <Navigation location={pathname} onDismiss={onDismiss}>
      <Navigation.Section
        items={navigationItems(viewer).map((item) => ({
          label: item.label,
          url: navigationUrl(item.path),
          icon: item.icon,
          selected: item.path === selected,
        }))}
      />
    </Navigation>
  );
}
