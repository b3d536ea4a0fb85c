import '@shopify/polaris/build/esm/styles.css';
import '../admin/polaris.css';
import './embedded.css';
import { AppProvider, Banner, Page } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { setAuthHeaderProvider } from '@quizlead/web/admin/api/client.ts';
import { RouterLink } from '@quizlead/web/admin/components/RouterLink.tsx';
import { preloadAdminPage } from '@quizlead/web/admin/pageTable.ts';
import { setAppReloader, setShell } from '@quizlead/web/admin/shell.ts';
import { setSaveBarPresenter } from '@quizlead/web/admin/appBridge/saveBar.tsx';
import { setToastPresenter } from '@quizlead/web/admin/toast.ts';
import { afterLoadAndIdle } from '@quizlead/web/admin/vitals/afterLoad.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { appBridge } from './appBridge.ts';
import { EmbeddedApp } from './EmbeddedApp.tsx';
import { embeddedTexts } from './texts.ts';

/**
 * The Shopify embedded app (served at /shopify/app/… with App Bridge loaded first): the admin's pages
 * with App Bridge's menu and toasts, every API call carrying a fresh session token.
 */
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

setShell('embedded');
// The admin opens the app with the shop and its host; a reload made here keeps them (never the
// one-time id_token): the server answers with App Bridge's bounce page, which gets a fresh token.
const launch = new URLSearchParams(window.location.search);
const relaunchQuery = new URLSearchParams(
  ['embedded', 'shop', 'host'].flatMap((name) => (launch.has(name) ? [[name, launch.get(name)!]] : [])),
).toString();
setAppReloader(() => window.location.assign(`${window.location.pathname}?${relaunchQuery}`));
const shopify = appBridge();
if (shopify) {
  setAuthHeaderProvider(async () => `Bearer ${await shopify.idToken()}`);
  setToastPresenter((content, { error }) => {
    shopify.toast.show(content, { isError: error, duration: error ? 8000 : 4000 });
  });
  // Forms with unsaved changes show Save and Discard in the admin's own save bar.
  const { saveBar } = shopify;
  if (saveBar) setSaveBarPresenter({ show: (id) => void saveBar.show(id), hide: (id) => void saveBar.hide(id) });
  // The page asked for loads while the shell asks who is signed in.
  preloadAdminPage(window.location.pathname, 'embedded');
  // Field web vitals (issue 38): what App Bridge measures of each page load, reported to our server too.
  const { webVitals } = shopify;
  if (webVitals) {
    afterLoadAndIdle(() => import('@quizlead/web/admin/vitals/embeddedVitals.ts').then((m) => m.startEmbeddedVitals(webVitals)));
  }
}

createRoot(root).render(
  <StrictMode>
    <AppProvider i18n={en} linkComponent={RouterLink}>
      {shopify ? (
        <BrowserRouter>
          <EmbeddedApp />
        </BrowserRouter>
      ) : (
        <div data-embedded-shell="no-app-bridge">
          <Page title={embeddedTexts.errorTitle} narrowWidth>
            <Banner tone="critical">
              <p>{embeddedTexts.noAppBridge}</p>
            </Banner>
          </Page>
        </div>
      )}
    </AppProvider>
  </StrictMode>,
);
