import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route } from 'react-router';
import { screenEntry } from '@quizlead/shared/navigation.ts';
import { OwnersOnlyScreen } from './components/OwnersOnlyScreen.tsx';
import { PageSkeleton } from './components/PageSkeleton.tsx';
import { RouteErrorBoundary } from './components/RouteErrorBoundary.tsx';
import { adminPages, adminScreens, inShell, routePattern } from './pageTable.ts';
import type { AdminShell } from './shell.ts';
import { adminUrl, type AdminScreen } from './urls.ts';

const lazyPages = {} as Record<AdminScreen, ComponentType>;
for (const screen of adminScreens) lazyPages[screen] = lazy(() => adminPages[screen].load().then((Page) => ({ default: Page })));

/**
 * One screen: its page once loaded (a skeleton until then), its failures kept inside it; a screen the menu lists
 * only for some roles shows the others the owners-only notice instead.
 */
function ScreenElement({ screen }: { screen: AdminScreen }) {
  const Page = lazyPages[screen];
  const page = (
    <RouteErrorBoundary>
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
  const entry = screenEntry(screen);
  return entry?.requires ? (
    <OwnersOnlyScreen ability={entry.requires} title={entry.label}>
      {page}
    </OwnersOnlyScreen>
  ) : (
    page
  );
}

/**
 * The shell's screens as <Route> elements, to nest in the route that renders the shell's frame at its
 * base path (standalone/src/shell/SignedInApp.tsx, web/src/embedded/EmbeddedApp.tsx). Any other path
 * under the base goes to the dashboard.
 */
export function adminRoutes(shell: AdminShell): ReactNode[] {
  return [
    ...adminScreens
      .filter(inShell(shell))
      .map((screen) =>
        screen === 'Dashboard' ? (
          <Route key={screen} index element={<ScreenElement key={screen} screen={screen} />} />
        ) : (
          <Route key={screen} path={routePattern(screen)} element={<ScreenElement key={screen} screen={screen} />} />
        ),
      ),
    <Route key="*" path="*" element={<Navigate to={adminUrl('Dashboard')} replace />} />,
  ];
}
