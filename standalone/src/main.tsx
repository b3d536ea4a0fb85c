import '@shopify/polaris/build/esm/styles.css';
import './styles.css';
import { AppProvider } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { RouterLink } from '@quizlead/web/admin/components/RouterLink.tsx';
import { preloadAdminPage } from '@quizlead/web/admin/routes.tsx';
import { setShell } from '@quizlead/web/admin/shell.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

setShell('standalone');
// The page asked for loads while the shell asks who is signed in.
preloadAdminPage(window.location.pathname, 'standalone');

createRoot(root).render(
  <StrictMode>
    <AppProvider i18n={en} linkComponent={RouterLink}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
