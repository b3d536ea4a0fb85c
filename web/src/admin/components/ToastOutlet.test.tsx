import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/renderScreen.tsx';
import { useShowToast } from '../toast.ts';
import { ToastOutlet } from './ToastOutlet.tsx';

/** Two actions that each confirm with a notification, as a list's switch does. */
function TwoActions() {
  const showToast = useShowToast();
  return (
    <>
      <button type="button" onClick={() => showToast('Poll published')}>
        Publish
      </button>
      <button type="button" onClick={() => showToast('Poll unpublished')}>
        Unpublish
      </button>
      <ToastOutlet />
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('the notification outlet', () => {
  it('keeps a new notification for its whole time when it replaces one about to expire', () => {
    vi.useFakeTimers();
    const { toast } = renderScreen(<TwoActions />);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(toast()).toBe('Poll published');

    // The second comes 100 ms before the first's 4 s are up; the first's timer fires while it slides out.
    act(() => void vi.advanceTimersByTime(3900));
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    act(() => void vi.advanceTimersByTime(300));
    expect(toast()).toBe('Poll unpublished');
    expect(screen.getByText('Poll unpublished')).toBeTruthy();

    act(() => void vi.advanceTimersByTime(4000));
    expect(toast()).toBeNull();
  });
});
