import { Banner, Frame, Loading, Page } from '@shopify/polaris';
import { PageSkeleton } from '@quizlead/web/admin/components/PageSkeleton.tsx';
import { useSessionUser } from '@quizlead/web/admin/useSessionUser.ts';
import { Outlet } from 'react-router';
import { NavMenu } from './NavMenu.tsx';
import { embeddedTexts } from './texts.ts';

/**
 * The frame of every screen inside the shop's admin: the menu App Bridge shows, the signed-in shop
 * (its session token resolves to the shop's account), and the loading and failure states. No top bar,
 * sign-out or password here: Shopify signs the merchant in. Notifications go to App Bridge's toast.
 */
export function EmbeddedShell() {
  // The shop's session is gone (uninstalled, or the app's secret changed): reloading from the admin
  // starts a new one.
  const { user, failure, retry } = useSessionUser(() => embeddedTexts.sessionExpired);

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
