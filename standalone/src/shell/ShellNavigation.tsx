import { Navigation } from '@shopify/polaris';
import { navigationItems, navigationUrl, selectedPath } from '@quizlead/web/admin/navigation.ts';

interface Props {
  pathname: string;
  /** Closes the navigation after a choice on phones. */
  onDismiss(): void;
}

export function ShellNavigation({ pathname, onDismiss }: Props) {
  const selected = selectedPath(pathname);
  return (
    <Navigation location={pathname} onDismiss={onDismiss}>
      <Navigation.Section
        items={navigationItems().map((item) => ({
          label: item.label,
          url: navigationUrl(item.path),
          icon: item.icon,
          selected: item.path === selected,
        }))}
      />
    </Navigation>
  );
}
