import { Banner, Frame, Loading, Page } from '@shopify/polaris';
import { ApiError, errorNotice, setUnauthorizedHandler } from '@quizlead/web/admin/api/client.ts';
import { getSession } from '@quizlead/web/admin/api/session.ts';
import { PageSkeleton } from '@quizlead/web/admin/components/PageSkeleton.tsx';
import { sessionUserAtom } from '@quizlead/web/admin/session.ts';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { NavMenu } from './NavMenu.tsx';
import { embeddedTexts } from './texts.ts';

/**
 * The frame of every screen inside the shop's admin: the menu App Bridge shows, the signed-in shop
 * (its session token resolves to the shop's account), and the loading and failure states. No top bar,
 * sign-out or password here: Shopify signs the merchant in. Notifications go to App Bridge's toast.
 */
export function EmbeddedShell() {
  const [user, setUser] = useAtom(sessionUserAtom);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getSession(controller.signal).then(
      (session) => setUser(session.user),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFailure(error instanceof ApiError && error.status === 401 ? embeddedTexts.sessionExpired : errorNotice(error));
      },
    );
    return () => controller.abort();
  }, [attempt, setUser]);

  // A call refused even with a fresh session token: the shop's session is gone (uninstalled, or the
  // app's secret changed). Reloading from the admin starts a new one.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      setUser(null);
      setFailure(embeddedTexts.sessionExpired);
    });
    return () => setUnauthorizedHandler(null);
  }, [setUser]);

  const retry = () => {
    setFailure(null);
    setAttempt((n) => n + 1);
  };

  const state = failure ? 'failed' : user ? 'ready' : 'loading';
  return (
    <div className="ql-embedded" data-embedded-shell={state}>
      <NavMenu />
      <Frame>
        {state === 'failed' ? (
          <Page title={embeddedTexts.errorTitle} narrowWidth>
            <Banner tone="critical" action={{ content: embeddedTexts.retry, onAction: retry }}>
              <p>{failure}</p>
            </Banner>
          </Page>
        ) : state === 'ready' ? (
          <Outlet />
        ) : (
          <>
            <Loading />
            <PageSkeleton />
          </>
        )}
      </Frame>
    </div>
  );
}
