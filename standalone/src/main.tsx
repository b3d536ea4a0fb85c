import '@shopify/polaris/build/esm/styles.css';
import '@quizlead/web/admin/polaris.css';
import './styles.css';
import { AppProvider } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { prefetchSession } from '@quizlead/web/admin/api/session.ts';
import { RouterLink } from '@quizlead/web/admin/components/RouterLink.tsx';
import { preloadAdminPage } from '@quizlead/web/admin/pageTable.ts';
import { adminBasePath, setShell } from '@quizlead/web/admin/shell.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchPath } from 'react-router';
import { App, loadSignedInApp } from './App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

setShell('standalone');
// On an /app address the signed-in frame, the page asked for and the question of who is signed in all
// start at once, side by side; the signed-out screens load none of them.
const { pathname } = window.location;
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider i18n={en} linkComponent={RouterLink}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );
if (matchPath({ path: `${adminBasePath()}/*`, caseSensitive: false }, pathname)) {
  prefetchSession();
  preloadAdminPage(pathname, 'standalone');
  // app.html paints the frame's skeleton (web/src/admin/frameSkeleton.ts); rendering before the frame's code
  // is here would swap it for an empty page until then (and if it fails, React asks for it again and says so).
  void loadSignedInApp().then(render, render);
} else {
  render();
}
