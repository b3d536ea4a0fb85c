import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/renderScreen.tsx';
import { RouteErrorBoundary, routeErrorTexts } from './RouteErrorBoundary.tsx';

let broken = true;

/** A screen that fails to render while `broken`, and has a counter to show the rest of the page still works. */
function Flaky() {
  const [count, setCount] = useState(0);
  if (broken) throw new Error('a render error');
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`Clicked ${count}`}
    </button>
  );
}

describe('a route’s error boundary', () => {
  it('keeps a page’s render error inside the page, with Try again that renders it anew', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    const { user } = renderScreen(
      <RouteErrorBoundary>
        <Flaky />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: routeErrorTexts.title })).toBeTruthy();
    expect(screen.getByText(routeErrorTexts.body)).toBeTruthy();
    expect(logged).toHaveBeenCalled();

    broken = false;
    await user.click(screen.getByRole('button', { name: routeErrorTexts.retry }));
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
    logged.mockRestore();
  });
});
