import { footerLinksFor } from '@quizlead/shared/poweredBy.ts';
import { quizDefaults } from '@quizlead/shared/quizzes.ts';
import { playMessages } from '@quizlead/shared/playMessages.ts';
import type { TPublicQuiz } from '@quizlead/shared/schemas/play.ts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Frame } from '../player/Frame.tsx';
import { Page } from './Shell.tsx';

afterEach(cleanup);

const listing = 'https://apps.shopify.com/quizlead';
const poweredBy = () => screen.getByText(quizDefaults.poweredBy);

describe('the free plan’s footer on a widget page', () => {
  it('leads a standalone account’s visitors to the sign-up', () => {
    render(
      <Page framed={false} poweredBy={footerLinksFor('standalone', listing)}>
        <p>poll</p>
      </Page>,
    );
    expect(poweredBy().closest('a')?.getAttribute('href')).toBe('/Signup');
  });

  it('leads a shop’s shoppers to the app’s App Store listing, never to the standalone sign-up', () => {
    render(
      <Page framed={false} poweredBy={footerLinksFor('shopify', listing)}>
        <p>wheel</p>
      </Page>,
    );
    expect(poweredBy().closest('a')?.getAttribute('href')).toBe(listing);
    expect(document.querySelector('a[href*="Signup"]')).toBeNull();
  });

  it('is the words alone for a shop when no listing is configured', () => {
    render(
      <Page framed={false} poweredBy={footerLinksFor('shopify', '')}>
        <p>feedback</p>
      </Page>,
    );
    expect(poweredBy().closest('a')).toBeNull();
  });
});

describe('the free plan’s footer in the quiz player', () => {
  const quiz = (footerLinks: TPublicQuiz['owner']['footerLinks']) =>
    ({
      title: 'Tea or coffee',
      settings: { showTitle: true, showCompanyLogo: false, footerMessage: '' },
      owner: { mode: 'free', footerLinks, companyName: '', companyUrl: '', logoUrl: null },
    }) as unknown as TPublicQuiz;

  it('offers a standalone quiz’s visitors the sign-up and the product', () => {
    render(<Frame quiz={quiz(footerLinksFor('standalone', listing))}>question</Frame>);
    expect(screen.getByText(playMessages.createYourFreeQuiz).closest('a')?.getAttribute('href')).toBe('/Signup');
    expect(poweredBy().closest('a')?.getAttribute('href')).toBe('/');
  });

  it('sends a shop’s shoppers to the App Store listing, with no sign-up', () => {
    render(<Frame quiz={quiz(footerLinksFor('shopify', listing))}>question</Frame>);
    expect(screen.queryByText(playMessages.createYourFreeQuiz)).toBeNull();
    expect(poweredBy().closest('a')?.getAttribute('href')).toBe(listing);
  });
});
