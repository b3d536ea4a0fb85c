import { AppProvider, Frame } from '@shopify/polaris';
import { QueryClientProvider } from '@tanstack/react-query';
import en from '@shopify/polaris/locales/en.json';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter, parsePath, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach } from 'vitest';
import { createQueryClient } from '../data/queryClient.ts';
import { toastAtom } from '../toast.ts';

afterEach(() => cleanup());

/**
 * Polaris' Tooltip can leave its 150 ms close timer behind when a test ends (a mouse-leave and a blur each start one,
 * and unmounting clears only the last). Let such timers fire before the file's DOM environment is torn down: one firing
 * afterwards throws "window is not defined" from React, an unhandled error that fails the whole run.
 */
const polarisCloseTimerMs = 150;
afterAll(() => new Promise((resolve) => setTimeout(resolve, polarisCloseTimerMs + 50)));

/** Where the screen navigated to, shown for the test to read (the query in `data-search`). */
function Location() {
  const location = useLocation();
  return (
    <output data-testid="location" data-search={location.search}>
      {location.pathname}
    </output>
  );
}

/**
 * Renders an admin screen as a shell does (Polaris and its frame, the router at `path`, the toast store) in the test's
 * DOM; answers the user-event driver, the toast shown last and the current address. `state` is the navigation state
 * the screen was reached with (the sign-in page's notice).
 */
export function renderScreen(screen: ReactNode, options: { path?: string; route?: string; state?: unknown } = {}) {
  const store = createStore();
  // Each test its own cache, and a failed load shows at once.
  const client = createQueryClient({ retry: false });
  const path = options.path ?? '/app/screen';
  const view = render(
    <JotaiProvider store={store}>
      <QueryClientProvider client={client}>
        <AppProvider i18n={en}>
          <Frame>
            <MemoryRouter initialEntries={[options.state === undefined ? path : { ...parsePath(path), state: options.state }]}>
              <Routes>
                <Route path={options.route ?? path} element={screen} />
                <Route path="*" element={null} />
              </Routes>
              <Location />
            </MemoryRouter>
          </Frame>
        </AppProvider>
      </QueryClientProvider>
    </JotaiProvider>,
  );
  return {
    ...view,
    user: userEvent.setup(),
    toast: () => store.get(toastAtom)?.content ?? null,
    location: () => view.getByTestId('location').textContent,
    /** The current address's query ('?token=…'), or ''. */
    search: () => view.getByTestId('location').dataset.search ?? '',
  };
}
