import { pointsTo, question } from './builders.ts';
import type { CatalogueTemplate } from './index.ts';

const adventurer = 'p-adventurer';
const culture = 'p-culture';
const relaxer = 'p-relaxer';
const foodie = 'p-foodie';

/** Multiple personality quiz: players see their whole travel mix, for travel agencies and tour operators. */
export const travelStyle: CatalogueTemplate = {
  id: 'e424887b-7890-4221-b9d5-cd16c6a96586',
  description:
    'Shows each visitor their mix of adventurer, culture seeker, relaxer and foodie: for travel agencies and tour operators.',
  image: '/template-images/cover-travel-style.svg',
  quiz: {
    title: 'What Kind of Traveller Are You?',
    quizType: 'multiple_personality_quiz',
    settings: {
      welcomeMessage:
        '<p>Adventurer, culture seeker, relaxer or foodie, or a bit of each? Answer 7 quick questions to discover your travel style and get trip ideas made for you.</p>',
      startButtonText: 'Let’s Go!',
      theme: 'theme4',
      randomizeAnswers: true,
      emailMessage: 'Enter your email to see your travel style',
      scoreMessage: '<p>Here’s your travel mix. Most of us are a blend, so plan a trip with a little of everything you love.</p>',
      offerMessage: 'Get trip ideas matched to your travel style',
      offerButtonText: 'Plan My Trip',
      socialSharing: true,
      metaTitle: 'What Kind of Traveller Are You? Take the Quiz',
      metaDescription:
        'Adventurer, culture seeker, relaxer or foodie? Discover your travel mix in 7 questions and get trip ideas that suit you.',
      crmTag: 'quiz-travel-style',
    },
    personalities: [
      {
        id: adventurer,
        title: 'The Adventurer',
        description:
          '<p>You travel to feel alive: hiking trails, diving reefs and saying yes to the unexpected. Look at trekking in Patagonia, a safari in Tanzania or island-hopping by kayak.</p>',
      },
      {
        id: culture,
        title: 'The Culture Seeker',
        description:
          '<p>You want to understand a place: its history, art and way of life. Museums, old towns and local festivals are your thing. Try Kyoto, Rome or Istanbul, ideally with a great local guide.</p>',
      },
      {
        id: relaxer,
        title: 'The Relaxer',
        description:
          '<p>For you, a holiday means slowing right down. Think soft sand, a spa day and nowhere to be. The Maldives, Bali or a quiet Greek island will send you home truly rested.</p>',
      },
      {
        id: foodie,
        title: 'The Foodie',
        description:
          '<p>You plan your days around meals and remember places by what you ate. Markets, street food and cooking classes call you: try Lisbon, Mexico City or Bangkok.</p>',
      },
    ],
  },
  questions: [
    question('e0306e20-e90e-4509-bd05-0a3685c793a0', 'It’s the first morning of your trip. What are you doing?', [
      pointsTo('a1', 'Heading out early for a hike or a bike ride', adventurer),
      pointsTo('a2', 'Queuing for the city’s most famous museum', culture),
      pointsTo('a3', 'Sleeping in, then breakfast by the pool', relaxer),
      pointsTo('a4', 'Hunting down the best local breakfast spot', foodie),
    ]),
    question('d6301a04-f704-439b-bb39-bfa81fb2dcbf', 'What’s always in your suitcase?', [
      pointsTo('a1', 'A guidebook and a notebook', culture),
      pointsTo('a2', 'Room for the spices and treats I’ll bring back', foodie),
      pointsTo('a3', 'Hiking boots and a head torch', adventurer),
      pointsTo('a4', 'A good novel and plenty of sunscreen', relaxer),
    ]),
    question('46169919-ab52-47ff-aaf1-cb9f5a931633', 'Pick a souvenir.', [
      pointsTo('a1', 'A tan and a clear head', relaxer),
      pointsTo('a2', 'A cookbook of regional recipes', foodie),
      pointsTo('a3', 'A piece of local handicraft', culture),
      pointsTo('a4', 'A photo from the top of a mountain', adventurer),
    ]),
    question('9eed3415-5f03-4a3b-a6ee-09c7968832ae', 'How do you plan your days away?', [
      pointsTo('a1', 'Loosely, to leave room for spontaneous adventures', adventurer),
      pointsTo('a2', 'Around lunch and dinner reservations', foodie),
      pointsTo('a3', 'I don’t: not planning is the point', relaxer),
      pointsTo('a4', 'With a list of sights and tickets booked ahead', culture),
    ]),
    question('4213ba75-3c69-451a-95bd-d44f5f8ac572', 'Which place to stay sounds best?', [
      pointsTo('a1', 'A beachfront villa with a hammock', relaxer),
      pointsTo('a2', 'A mountain lodge or a tent under the stars', adventurer),
      pointsTo('a3', 'An apartment above a busy food market', foodie),
      pointsTo('a4', 'A boutique hotel in the historic centre', culture),
    ]),
    question('4debf18e-5e73-498b-a43c-8392d84cc180', 'Your ideal travel companion is someone who…', [
      pointsTo('a1', '…will share every dish on the table', foodie),
      pointsTo('a2', '…knows the story behind every building', culture),
      pointsTo('a3', '…is up for anything, at any hour', adventurer),
      pointsTo('a4', '…doesn’t mind long, lazy afternoons', relaxer),
    ]),
    question('34870aed-7580-40ec-948d-eaf460e41e4f', 'What makes a trip unforgettable for you?', [
      pointsTo('a1', 'Coming home truly rested', relaxer),
      pointsTo('a2', 'A meal I still think about years later', foodie),
      pointsTo('a3', 'Understanding a place and its people more deeply', culture),
      pointsTo('a4', 'The thrill of doing something for the first time', adventurer),
    ]),
  ],
};
