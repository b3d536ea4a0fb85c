import { question, right, wrong } from './builders.ts';
import type { CatalogueTemplate } from './index.ts';

const stock = 'c-stock';
const marketing = 'c-marketing';
const experience = 'c-experience';

/** Category graded quiz with personality: an online store gets a score, and so an outcome, per area. */
export const holidayStoreReadiness: CatalogueTemplate = {
  id: 'da2cd934-a0b1-4fde-8d97-902c786144d8',
  description:
    'Scores an online store on stock, marketing and customer experience before the holiday rush: for e-commerce agencies and apps.',
  image: '/template-images/cover-holiday-store.svg',
  quiz: {
    title: 'Is Your Store Ready for the Holidays?',
    quizType: 'category_graded_quiz_with_personality',
    settings: {
      welcomeMessage:
        '<p>The holiday rush can make your year. Answer 8 quick questions to score your store on stock, marketing and customer experience, and see where to focus first.</p>',
      startButtonText: 'Check My Store',
      scoreType: 'percentage',
      theme: 'theme8',
      emailMessage: 'Enter your email to get your store report',
      scoreMessage: '<p>Here’s how ready your store is in each area, with what to do next.</p>',
      offerMessage: 'Get a free holiday readiness review',
      offerButtonText: 'Book My Review',
      metaTitle: 'Is Your Store Ready for the Holidays? Take the Quiz',
      metaDescription:
        'Score your online store on stock, marketing and customer experience in 8 questions, and find the quick wins before the rush.',
      crmTag: 'quiz-holiday-store',
    },
    categories: [
      {
        id: stock,
        title: 'Stock & Fulfilment',
        description: 'Forecasting, inventory and getting orders out of the door on time.',
      },
      {
        id: marketing,
        title: 'Marketing & Promotions',
        description: 'Planning campaigns, growing your email list and making offers that sell.',
      },
      {
        id: experience,
        title: 'Customer Experience',
        description: 'A fast site, smooth checkout and returns that keep shoppers coming back.',
      },
    ],
    personalities: [
      {
        id: 'p-attention',
        title: 'Needs Attention',
        description:
          '<p>This area could cost you sales at the busiest time of the year. Make it your first priority: pick one or two quick wins from this quiz and act on them this week.</p>',
        minScore: 0,
        maxScore: 39,
      },
      {
        id: 'p-on-track',
        title: 'On Track',
        description:
          '<p>You have the basics in place. A few targeted improvements here will help you handle the rush and turn more holiday visitors into buyers.</p>',
        minScore: 40,
        maxScore: 69,
      },
      {
        id: 'p-ready',
        title: 'Holiday Ready',
        description:
          '<p>This area is in great shape. Keep an eye on it through the season and spend your energy where your other scores are lower.</p>',
        minScore: 70,
        maxScore: 100,
      },
    ],
  },
  questions: [
    question(
      '72bd4c98-52f1-4c6b-a2ac-ab78dd0f0859',
      'When should you start planning holiday stock with your suppliers?',
      [
        right('a1', 'Two to three months before the season, or earlier'),
        wrong('a2', 'Two to three weeks before'),
        wrong('a3', 'Once sales start to pick up'),
        wrong('a4', 'Straight after Black Friday'),
      ],
      { categoryId: stock },
    ),
    question(
      '764322b7-16e1-4fc5-92a4-a634dc135a73',
      'What should your holiday sales forecast be based on?',
      [
        wrong('a1', 'The same stock level as any other month'),
        right('a2', 'Last year’s sales, current trends and the promotions you have planned'),
        wrong('a3', 'A gut feeling about what will be popular'),
        wrong('a4', 'Whatever your suppliers have left'),
      ],
      { categoryId: stock },
    ),
    question(
      'a89e84e4-7974-49d8-a592-2cf40ec3c87f',
      'How should you handle shipping cut-off dates?',
      [
        wrong('a1', 'Keep them vague so you don’t lose sales'),
        wrong('a2', 'Only tell customers who ask'),
        right('a3', 'Publish clear last order dates for delivery in time, on your site and in your emails'),
        wrong('a4', 'Don’t set any and ship when you can'),
      ],
      { categoryId: stock },
    ),
    question(
      'd93b2a42-82aa-444e-a025-84b99f0f02a3',
      'When is the best time to grow your email list for holiday sales?',
      [
        right('a1', 'In the months before, with a sign-up incentive such as a discount or a quiz'),
        wrong('a2', 'On the day of your biggest sale'),
        wrong('a3', 'Never: social media posts are enough'),
        wrong('a4', 'Only after the holidays are over'),
      ],
      { categoryId: marketing },
    ),
    question(
      'a6b424c5-f1d5-4a39-8452-bcb39ef8134a',
      'Which of these helps a holiday promotion convert best?',
      [
        wrong('a1', 'The same email to everyone, every day'),
        wrong('a2', 'A discount with no end date or details'),
        wrong('a3', 'A long newsletter without a clear call to action'),
        right('a4', 'A clear offer with a real deadline, sent to the right segment of your list'),
      ],
      { categoryId: marketing },
    ),
    question(
      'eeff73ec-ac90-4d27-b225-31a84de14dd1',
      'Black Friday is two weeks away. What should already be done?',
      [
        wrong('a1', 'Nothing yet: last-minute deals work best'),
        right('a2', 'Campaign calendar, creatives and discount codes set up and tested'),
        wrong('a3', 'Just the social media posts'),
        wrong('a4', 'Only the homepage banner'),
      ],
      { categoryId: marketing },
    ),
    question(
      '4eb74cd2-56a0-4462-b288-deec48217fd3',
      'Your site is about to get three times its usual traffic. What protects your sales most?',
      [
        right('a1', 'Testing site speed and the mobile checkout under load beforehand'),
        wrong('a2', 'Adding more pop-ups to every page'),
        wrong('a3', 'Turning off guest checkout'),
        wrong('a4', 'Hoping your hosting copes'),
      ],
      { categoryId: experience },
    ),
    question(
      '111dc0f6-323d-46de-9359-c396f04e3c10',
      'How should you handle returns of holiday gifts?',
      [
        wrong('a1', 'Hide the returns policy to discourage returns'),
        wrong('a2', 'Stop accepting returns in December'),
        right('a3', 'Offer a longer, clearly stated return window for gifts'),
        wrong('a4', 'Give store credit only, without saying so up front'),
      ],
      { categoryId: experience },
    ),
  ],
};
