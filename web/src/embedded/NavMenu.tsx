import { navigationItems, navigationUrl } from '@quizlead/web/admin/navigation.ts';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { Link } from 'react-router';

/**
 * The app's menu in the shop's admin, from the shared menu (shared/src/navigation.ts) as the embedded
 * app has it. The links are the router's: App Bridge clicks the one chosen, so moving between screens
 * never reloads the app. Tests find the menu by data-quizlead-nav and each entry by data-nav-path.
 */
export function NavMenu() {
  return (
    <ui-nav-menu data-quizlead-nav="">
      <Link to={adminUrl('Dashboard')} rel="home" data-nav-path="">
        Dashboard
      </Link>
      {navigationItems()
        .filter((item) => item.path !== '')
        .map((item) => (
          <Link key={item.path} to={navigationUrl(item.path)} data-nav-path={item.path}>
            {item.label}
          </Link>
        ))}
    </ui-nav-menu>
  );
}
