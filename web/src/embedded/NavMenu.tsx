import { navigationFor } from '@quizlead/shared/navigation.ts';
import { adminPath, adminUrl } from '@quizlead/web/admin/urls.ts';
import { Link } from 'react-router';

/**
 * The app's menu in the shop's admin, from the shared menu (shared/src/navigation.ts) as the embedded
 * app has it. The links are the router's: App Bridge clicks the one chosen, so moving between screens
 * never reloads the app. Tests find the menu by data-quizlead-nav and each entry by data-nav-path.
 * Labels only: the standalone menu's icons (admin/navigation.ts) would be dead weight in this entry.
 */
export function NavMenu() {
  return (
    <ui-nav-menu data-quizlead-nav="">
      <Link to={adminUrl('Dashboard')} rel="home" data-nav-path="">
        Dashboard
      </Link>
      {navigationFor('embedded')
        .filter((item) => item.path !== '')
        .map((item) => (
          <Link key={item.path} to={adminPath(item.path)} data-nav-path={item.path}>
            {item.label}
          </Link>
        ))}
    </ui-nav-menu>
  );
}
