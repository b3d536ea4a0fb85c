import { DataProvider } from '@quizlead/web/admin/data/DataProvider.tsx';
import { adminRoutes } from '@quizlead/web/admin/routes.tsx';
import { adminBasePath } from '@quizlead/web/admin/shell.ts';
import { adminUrl } from '@quizlead/web/admin/urls.ts';
import { Navigate, Route, Routes } from 'react-router';
import { EmbeddedShell } from './EmbeddedShell.tsx';

/** The admin's screens (web/src/admin/routes.tsx) at /shopify/app, inside the embedded frame. */
export function EmbeddedApp() {
  return (
    <DataProvider>
      <Routes>
        <Route path={adminBasePath()} element={<EmbeddedShell />}>
          {adminRoutes('embedded')}
        </Route>
        <Route path="*" element={<Navigate to={adminUrl('Dashboard')} replace />} />
      </Routes>
    </DataProvider>
  );
}
