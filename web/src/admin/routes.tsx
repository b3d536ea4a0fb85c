import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route } from 'react-router';
import { screenEntry } from '@quizlead/shared/navigation.ts';
import { PageSkeleton } from './components/PageSkeleton.tsx';
import { RouteErrorBoundary } from './components/RouteErrorBoundary.tsx';
import { adminPages, adminScreens, inShell, routePattern } from './pageTable.ts';
import type { AdminShell } from './shell.ts';
import { adminUrl, type AdminScreen } from './urls.ts';

/**
 * A screen's page as it loads: a screen the menu lists only for a role with an ability (Plans, Invoices) comes
 * with the owners-only notice for the others, loaded with it (the shell's entry stays without it: its size budget).
 */
async function loadScreen(screen: AdminScreen): Promise<{ default: ComponentType }> {
  const entry = screenEntry(screen);
  if (!entry?.requires) return { default: await adminPages[screen].load() };
  const [Page, { ownersOnly }] = await Promise.all([adminPages[screen].load(), import('./components/OwnersOnlyScreen.tsx')]);
  return { default: ownersOnly(Page, entry.requires, entry.label) };
}

const lazyPages = {} as Record<AdminScreen, ComponentType>;
for (const screen of adminScreens) lazyPages[screen] = lazy(() => loadScreen(screen));

/** One screen: its page once loaded (a skeleton until then), its failures kept inside it. */
function ScreenElement({ screen }: { screen: AdminScreen }) {
  const Page = lazyPages[screen];
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
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
