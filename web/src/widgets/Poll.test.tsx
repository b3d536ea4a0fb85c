import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Results } from './Poll.tsx';

afterEach(() => cleanup());

describe('the poll’s results', () => {
  it('counts votes in words that fit the count: “1 vote”, “Total votes: 1”', () => {
    render(
      <Results
        message="Thanks for voting"
        option={0}
        announce={false}
        results={{
          total: 1,
          options: [
            { text: 'Tea', votes: 1, percentage: 100 },
            { text: 'Coffee', votes: 0, percentage: 0 },
          ],
        }}
      />,
    );
    expect(screen.getAllByText(/^\d+ votes?$/).map((element) => element.textContent)).toEqual(['1 vote', '0 votes']);
    expect(document.querySelector('.qw-total')?.textContent).toBe('Total votes: 1');
  });
});
