import { Banner, Frame, Loading, Page } from '@shopify/polaris';
import { productName } from '@quizlead/shared/constants.ts';
import { PageSkeleton } from '@quizlead/web/admin/components/PageSkeleton.tsx';
import { ToastOutlet } from '@quizlead/web/admin/components/ToastOutlet.tsx';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { useSessionUser, type SignedOutWhen } from '@quizlead/web/admin/useSessionUser.ts';
import { afterLoadAndIdle } from '@quizlead/web/admin/vitals/afterLoad.ts';
import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import logoWordmark from '../assets/logoWordmark.svg';
import { noticeState } from '../auth/notice.ts';
import { ShellFooter } from './ShellFooter.tsx';
import { ShellNavigation } from './ShellNavigation.tsx';
import { ShellTopBar } from './ShellTopBar.tsx';

const wideScreen = '(min-width: 48em)';

/** The signed-in frame around every /app page: session, navigation, top bar, notifications. */
export function AppShell() {
  const logo = { topBarSource: logoWordmark, width: 132, url: adminUrl('Dashboard'), accessibilityLabel: productName };
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Signed out on arrival goes straight to sign-in; a session that ends underneath the page says so there.
  const { user, failure, retry } = useSessionUser((when: SignedOutWhen) => {
    void navigate('/index.html', { replace: true, ...(when === 'later' ? { state: noticeState('sessionExpired') } : {}) });
  });
  const signedIn = Boolean(user);
  // Field web vitals of signed-in page loads (issue 38), measured by a library loaded once the page is idle.
  useEffect(() => {
    if (signedIn)
      afterLoadAndIdle(() => import('@quizlead/web/admin/vitals/standaloneVitals.ts').then((m) => m.startStandaloneVitals()));
  }, [signedIn]);
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const [navCollapsed, setNavCollapsed] = useState(false);

  const toggleNavigation = useCallback(() => {
    if (window.matchMedia(wideScreen).matches) {
      setNavCollapsed((value) => !value);
    } else {
      setNavCollapsed(false);
      setMobileNavOpen((value) => !value);
    }
  }, []);

  const closeMobileNav = () => setMobileNavOpen(false);

  if (!user) {
    return (
      <Frame logo={logo}>
        {failure ? (
          <Page title={productName} narrowWidth>
            <Banner tone="critical" action={{ content: 'Try again', onAction: retry }}>
              <p>{failure}</p>
            </Banner>
          </Page>
        ) : (
          <>
            <Loading />
            <PageSkeleton />
          </>
        )}
      </Frame>
    );
  }

  return (
    <div className="ql-shell">
      <Frame
        logo={logo}
        topBar={<ShellTopBar user={user} onNavigationToggle={toggleNavigation} />}
        navigation={navCollapsed ? undefined : <ShellNavigation pathname={pathname} viewer={user} onDismiss={closeMobileNav} />}
        showMobileNavigation={mobileNavOpen}
        onNavigationDismiss={closeMobileNav}
      >
        <div className="ql-shell__screen">
          <Outlet />
        </div>
        <ShellFooter />
        <ToastOutlet />
      </Frame>
    </div>
  );
}
