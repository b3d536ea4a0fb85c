import { Navigation } from '@shopify/polaris';
import { navigationItems, navigationUrl, selectedPath } from '@quizlead/web/admin/navigation.ts';

interface Props {
  pathname: string;
  /** Platform administrators also see the admin area. */
  platformAdmin: boolean;
  /** Closes the navigation after a choice on phones. */
  onDismiss(): void;
}

export function ShellNavigation({ pathname, platformAdmin, onDismiss }: Props) {
  const selected = selectedPath(pathname);
  return (
    <Navigation location={pathname} onDismiss={onDismiss}>
      <Navigation.Section
        items={navigationItems({ platformAdmin }).map((item) => ({
          label: item.label,
          url: navigationUrl(item.path),
          icon: item.icon,
          selected: item.path === selected,
        }))}
      />
    </Navigation>
  );
}
