import { DataProvider } from '@quizlead/web/admin/data/DataProvider.tsx';
import { adminRoutes } from '@quizlead/web/admin/routes.tsx';
import { Route, Routes } from 'react-router';
import { AppShell } from './AppShell.tsx';

/**
 * Everything under /app: the signed-in frame around the admin's screens (web/src/admin/routes.tsx).
 * Its own chunk, so the signed-out screens load neither the frame nor the admin.
 */
export function SignedInApp() {
  return (
    <DataProvider>
      <Routes>
        <Route element={<AppShell />}>{adminRoutes('standalone')}</Route>
      </Routes>
    </DataProvider>
  );
}
