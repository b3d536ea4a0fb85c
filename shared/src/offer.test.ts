import { describe, expect, it } from 'vitest';
import { shownOffer } from './offer.ts';
import { quizDefaults } from './quizzes.ts';
import { ZQuizSettings } from './schemas/quiz.ts';

const settings = (fields: Partial<Parameters<typeof shownOffer>[0]>) => ({ ...ZQuizSettings.parse({}), ...fields });

describe('shownOffer', () => {
  it('hides an offer without a link, however much else is filled in', () => {
    expect(shownOffer(settings({}))).toBeNull();
    expect(shownOffer(settings({ offerMessage: 'Get 15% off your first bag', offerButtonText: 'Shop Your Roast' }))).toBeNull();
    expect(shownOffer(settings({ offerMessage: 'Get 15% off', offerButtonLink: '   ' }))).toBeNull();
  });

  it('shows an offer with a link: its message, its button text and the link', () => {
    expect(
      shownOffer(
        settings({
          offerMessage: ' Get 15% off ',
          offerButtonText: 'Shop Your Roast',
          offerButtonLink: 'https://example.com/shop',
        }),
      ),
    ).toEqual({ message: 'Get 15% off', buttonText: 'Shop Your Roast', link: 'https://example.com/shop' });
  });

  it('a link alone is a button with no message; a blank button text reads the default', () => {
    expect(shownOffer(settings({ offerButtonText: ' ', offerButtonLink: 'https://example.com/book' }))).toEqual({
      message: '',
      buttonText: quizDefaults.offerButtonText,
      link: 'https://example.com/book',
    });
  });
});
