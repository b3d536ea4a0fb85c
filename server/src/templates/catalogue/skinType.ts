import { pointsTo, question } from './builders.ts';
import type { CatalogueTemplate } from './index.ts';

const dry = 'p-dry';
const oily = 'p-oily';
const combination = 'p-combination';
const sensitive = 'p-sensitive';

/** Personality quiz: finds a shopper's skin type, for beauty brands, salons and skincare shops. */
export const skinType: CatalogueTemplate = {
  id: '3cbba7cb-9676-4107-a385-7fbb4cadf1bf',
  description: 'Help shoppers find out whether their skin is dry, oily, combination or sensitive: for beauty brands and salons.',
  image: '/template-images/cover-skin-type.svg',
  quiz: {
    title: 'What’s Your Skin Type?',
    quizType: 'personality_quiz',
    settings: {
      welcomeMessage:
        '<p>The right routine starts with knowing your skin. Answer 6 quick questions to discover your skin type and get simple care tips that work for it.</p>',
      startButtonText: 'Find My Type',
      theme: 'theme5',
      randomizeAnswers: true,
      emailMessage: 'Enter your email to get your skin type',
      scoreMessage: '<p>Here’s your skin type, with the care it loves.</p>',
      resultPageText: '<p>This quiz is a guide, not a diagnosis. For a persistent skin concern, talk to a dermatologist.</p>',
      offerMessage: 'Get your routine with 10% off your first order',
      offerButtonText: 'Shop My Routine',
      socialSharing: true,
      metaTitle: 'What’s Your Skin Type? Take the 1-Minute Quiz',
      metaDescription:
        'Dry, oily, combination or sensitive? Answer 6 quick questions to find your skin type and the routine that suits it.',
      crmTag: 'quiz-skin-type',
    },
    personalities: [
      {
        id: dry,
        title: 'Dry Skin',
        description:
          '<p>Your skin makes less oil, so it often feels tight and can look flaky or dull.</p><p>Choose a creamy, gentle cleanser, layer a hydrating serum with hyaluronic acid and seal it in with a rich moisturiser. Daily SPF still matters.</p>',
        image: '/template-images/skin-dry.svg',
      },
      {
        id: oily,
        title: 'Oily Skin',
        description:
          '<p>Your skin makes plenty of oil, so shine and visible pores are common, but it also tends to show fine lines later.</p><p>Use a gentle foaming cleanser and a light, oil-free moisturiser, and look for niacinamide or salicylic acid to keep pores clear.</p>',
        image: '/template-images/skin-oily.svg',
      },
      {
        id: combination,
        title: 'Combination Skin',
        description:
          '<p>Your T-zone (forehead, nose and chin) is oilier while your cheeks are normal to dry.</p><p>Balance is key: a gentle cleanser, a light gel moisturiser all over and a richer cream only where you need it.</p>',
        image: '/template-images/skin-combination.svg',
      },
      {
        id: sensitive,
        title: 'Sensitive Skin',
        description:
          '<p>Your skin reacts easily with redness, stinging or itching.</p><p>Keep your routine short and fragrance-free, patch-test anything new and choose soothing ingredients such as ceramides, oat and centella.</p>',
        image: '/template-images/skin-sensitive.svg',
      },
    ],
  },
  questions: [
    question(
      '454046ab-62b6-442b-8cf4-a0e180c60ccc',
      'An hour after washing your face, with nothing on it, how does your skin feel?',
      [
        pointsTo('a1', 'Tight and dry', dry),
        pointsTo('a2', 'Already a little shiny all over', oily),
        pointsTo('a3', 'Shiny on the nose and forehead only', combination),
        pointsTo('a4', 'Red, warm or itchy', sensitive),
      ],
    ),
    question('c4edafc7-bf08-4cfa-8e57-fb9c5de4cdee', 'By midday, how does your face look?', [
      pointsTo('a1', 'Shiny in the T-zone, fine elsewhere', combination),
      pointsTo('a2', 'Dull, with a few flaky patches', dry),
      pointsTo('a3', 'Blotchy or flushed', sensitive),
      pointsTo('a4', 'Shiny all over', oily),
    ]),
    question('da3130d2-48da-4e20-926a-dfe0dbadee4f', 'How visible are your pores?', [
      pointsTo('a1', 'Large and visible all over', oily),
      pointsTo('a2', 'Larger on the nose and forehead', combination),
      pointsTo('a3', 'Barely visible', dry),
      pointsTo('a4', 'I mostly notice redness rather than pores', sensitive),
    ]),
    question('420f2905-32c7-4a24-a9cf-ce1049128320', 'How does your skin react to a new product?', [
      pointsTo('a1', 'It often stings, itches or turns red', sensitive),
      pointsTo('a2', 'It drinks it right up', dry),
      pointsTo('a3', 'Some areas love it, others get greasy', combination),
      pointsTo('a4', 'It breaks out if the product is heavy', oily),
    ]),
    question('8b521538-f9df-42f2-85d2-45ffe5c62752', 'How often do you get breakouts?', [
      pointsTo('a1', 'Rarely', dry),
      pointsTo('a2', 'Often, anywhere on my face', oily),
      pointsTo('a3', 'Now and then, along with rashes or bumps', sensitive),
      pointsTo('a4', 'Sometimes, mostly around the T-zone', combination),
    ]),
    question('ce95c64e-e58a-478e-8efd-c3f615fb649d', 'What does cold, windy weather do to your skin?', [
      pointsTo('a1', 'My cheeks get dry but my T-zone stays oily', combination),
      pointsTo('a2', 'It turns red and sore', sensitive),
      pointsTo('a3', 'Not much, it’s still oily', oily),
      pointsTo('a4', 'It gets rough, tight and cracked', dry),
    ]),
  ],
};
