import { Navigation } from '@shopify/polaris';
import { navigationItems, selectedPath } from '@quizlead/web/admin/navigation.ts';

export function ShellNavigation({ pathname }: { pathname: string }) {
  const selected = selectedPath(pathname);
  return (
    <Navigation location={pathname}>
      <Navigation.Section
        items={navigationItems.map((item) => ({
          label: item.label,
          url: `/app/${item.path}`,
          icon: item.icon,
          selected: item.path === selected,
        }))}
      />
    </Navigation>
  );
}
