import { Banner, Frame, Loading, Page } from '@shopify/polaris';
import { productName } from '@quizlead/shared/constants.ts';
import { ApiError, errorNotice, setUnauthorizedHandler } from '@quizlead/web/admin/api/client.ts';
import { PageSkeleton } from '@quizlead/web/admin/components/PageSkeleton.tsx';
import { ToastOutlet } from '@quizlead/web/admin/components/ToastOutlet.tsx';
import { sessionUserAtom } from '@quizlead/web/admin/session.ts';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { getSession } from '../api/auth.ts';
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
  const [user, setUser] = useAtom(sessionUserAtom);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const [navCollapsed, setNavCollapsed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getSession(controller.signal).then(
      (session) => setUser(session.user),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) navigate('/index.html', { replace: true });
        else setFailure(errorNotice(error));
      },
    );
    return () => controller.abort();
  }, [attempt, navigate, setUser]);

  // A call that answers 401 later means the session ended underneath the page.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      setUser(null);
      navigate('/index.html', { replace: true, state: noticeState('sessionExpired') });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, setUser]);

  const toggleNavigation = useCallback(() => {
    if (window.matchMedia(wideScreen).matches) {
      setNavCollapsed((value) => !value);
    } else {
      setNavCollapsed(false);
      setMobileNavOpen((value) => !value);
    }
  }, []);

  const retry = () => {
    setFailure(null);
    setAttempt((n) => n + 1);
  };
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
        navigation={navCollapsed ? undefined : <ShellNavigation pathname={pathname} onDismiss={closeMobileNav} />}
        showMobileNavigation={mobileNavOpen}
        onNavigationDismiss={closeMobileNav}
      >
        <Outlet />
        <ShellFooter />
        <ToastOutlet />
      </Frame>
    </div>
  );
}
