import { configure } from '@testing-library/react';

/**
 * The components project's setup: `findBy…` and `waitFor` give a screen 5 s instead of Testing Library's 1 s.
 * On a 2-core CI machine running a browser file beside these, a screen's fetch-then-render took over a second
 * (a list's empty state once failed there). A passing wait still returns as soon as the element is there.
 */
configure({ asyncUtilTimeout: 5_000 });
