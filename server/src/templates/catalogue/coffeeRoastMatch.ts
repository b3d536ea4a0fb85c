import { pointsTo, question } from './builders.ts';
import type { CatalogueTemplate } from './index.ts';

const light = 'p-light';
const medium = 'p-medium';
const mediumDark = 'p-medium-dark';
const dark = 'p-dark';

/** Personality quiz: matches a visitor to a roast, for roasters, coffee shops and subscription boxes. */
export const coffeeRoastMatch: CatalogueTemplate = {
  id: '0f2aec46-746a-42eb-9f06-a1163e033505',
  description: 'Match visitors to a light, medium, medium-dark or dark roast: for roasters, cafés and coffee subscriptions.',
  image: '/template-images/cover-coffee-roast.svg',
  quiz: {
    title: 'Which Coffee Roast Suits You?',
    quizType: 'personality_quiz',
    settings: {
      welcomeMessage:
        '<p>Light, medium or dark? Answer 6 quick questions about your tastes and habits and we’ll match you with the roast you’ll love, plus tips to brew it at its best.</p>',
      startButtonText: 'Find My Roast',
      theme: 'theme1',
      randomizeAnswers: true,
      emailMessage: 'Enter your email to see your perfect roast',
      scoreMessage: '<p>Here’s the roast that matches your taste.</p>',
      offerMessage: 'Get 15% off your first bag of your roast',
      offerButtonText: 'Shop Your Roast',
      socialSharing: true,
      metaTitle: 'Which Coffee Roast Suits You? Take the Quiz',
      metaDescription:
        'Six fun questions match you with a light, medium, medium-dark or dark roast, with brewing tips for your perfect cup.',
      crmTag: 'quiz-coffee-roast',
    },
    personalities: [
      {
        id: light,
        title: 'Light Roast: Bright & Fruity',
        description:
          '<p>You love discovering new flavours. Light roasts keep the character of where the bean was grown: lively acidity and notes of berries, citrus and flowers.</p><p>Try a washed Ethiopian or Kenyan coffee brewed as a pour-over.</p>',
        image: '/template-images/coffee-light.svg',
      },
      {
        id: medium,
        title: 'Medium Roast: Smooth & Balanced',
        description:
          '<p>You like things just right. Medium roasts balance sweetness, body and gentle acidity, with notes of caramel, nuts and milk chocolate.</p><p>A Colombian or Brazilian coffee from a drip or filter machine makes an easy everyday favourite.</p>',
        image: '/template-images/coffee-medium.svg',
      },
      {
        id: mediumDark,
        title: 'Medium-Dark Roast: Rich & Chocolatey',
        description:
          '<p>You want comfort with depth. Medium-dark roasts bring a fuller body, dark chocolate and toasted sugar with a bittersweet finish.</p><p>Perfect as espresso and in lattes or cappuccinos.</p>',
        image: '/template-images/coffee-medium-dark.svg',
      },
      {
        id: dark,
        title: 'Dark Roast: Bold & Smoky',
        description:
          '<p>You like your coffee strong and unmistakable. Dark roasts are low in acidity, with smoky, roasted notes and a heavy body that stands up to milk and sugar.</p><p>Try a French or Italian roast in a French press or moka pot.</p>',
        image: '/template-images/coffee-dark.svg',
      },
    ],
  },
  questions: [
    question('8b6d23bc-5a0d-4a85-bd20-a0b1ec440c8a', 'How do you usually take your coffee?', [
      pointsTo('a1', 'Black, so I can taste every note', light),
      pointsTo('a2', 'With a splash of milk', medium),
      pointsTo('a3', 'As a latte or cappuccino', mediumDark),
      pointsTo('a4', 'Strong, with milk and sugar', dark),
    ]),
    question('f85155dd-3e38-4e5d-907e-55229c3cad64', 'Pick a breakfast.', [
      pointsTo('a1', 'Toast with peanut butter', medium),
      pointsTo('a2', 'Fresh berries and yoghurt', light),
      pointsTo('a3', 'A full cooked breakfast', dark),
      pointsTo('a4', 'A warm chocolate croissant', mediumDark),
    ]),
    question('7bdba966-b00c-4147-81b6-459d38661da5', 'Which dessert sounds best?', [
      pointsTo('a1', 'Chocolate brownie', mediumDark),
      pointsTo('a2', 'Tiramisu with an extra shot of espresso', dark),
      pointsTo('a3', 'Lemon tart', light),
      pointsTo('a4', 'Salted caramel cheesecake', medium),
    ]),
    question('8a664ac0-4be6-4a81-b004-bbe0af1c1e67', 'How do you brew at home?', [
      pointsTo('a1', 'French press or stovetop moka pot', dark),
      pointsTo('a2', 'Drip machine or filter', medium),
      pointsTo('a3', 'Pour-over or AeroPress', light),
      pointsTo('a4', 'Espresso machine', mediumDark),
    ]),
    question('2b0146bd-2bde-4d30-80fe-7c9c32526394', 'What does your ideal weekend look like?', [
      pointsTo('a1', 'Trying a new café in a different neighbourhood', light),
      pointsTo('a2', 'A cosy afternoon with a good book', mediumDark),
      pointsTo('a3', 'A relaxed brunch with friends', medium),
      pointsTo('a4', 'An early start and a long to-do list', dark),
    ]),
    question('9c5906fc-ad07-45c6-b6a1-8c6472ebe617', 'Which word should describe your perfect cup?', [
      pointsTo('a1', 'Smooth', medium),
      pointsTo('a2', 'Bold', dark),
      pointsTo('a3', 'Rich', mediumDark),
      pointsTo('a4', 'Bright', light),
    ]),
  ],
};
