import { question, right, trueFalse, wrong } from './builders.ts';
import type { CatalogueTemplate } from './index.ts';

/** Graded quiz: a knowledge check that agencies and consultants use as a lead magnet. */
export const onlineMarketingKnowledge: CatalogueTemplate = {
  id: '40937cfe-921d-4348-83b9-81171b63cfba',
  description: 'Seven questions on SEO, email, ads and analytics: a lead magnet for marketing agencies and consultants.',
  image: '/template-images/cover-online-marketing.svg',
  quiz: {
    title: 'How Well Do You Know Online Marketing?',
    quizType: 'graded_quiz',
    settings: {
      welcomeMessage:
        '<p>Think you know your way around SEO, email and paid ads? Take this <strong>7-question quiz</strong> to test your online marketing know-how and get tips to grow your business.</p>',
      startButtonText: 'Test Me',
      scoreType: 'percentage',
      theme: 'theme9',
      emailMessage: 'Enter your email to get your score and tips',
      scoreMessage:
        '<p>Thanks for playing! Your score shows how much of the online marketing essentials you already have covered. Every point you missed is an easy win waiting for your business.</p>',
      offerMessage: 'Want a free audit of your online marketing?',
      offerButtonText: 'Book a Free Audit',
      socialSharing: true,
      metaTitle: 'How Well Do You Know Online Marketing? Take the Quiz',
      metaDescription:
        'Test your knowledge of SEO, email marketing, paid ads and analytics in 7 quick questions, and get tips to grow your business.',
      crmTag: 'quiz-online-marketing',
    },
  },
  questions: [
    question('796575a8-9404-479b-b423-3e5c8c0826bc', 'What does SEO stand for?', [
      right('a1', 'Search Engine Optimisation'),
      wrong('a2', 'Social Engagement Online'),
      wrong('a3', 'Site Efficiency Overview'),
      wrong('a4', 'Search Enabled Outreach'),
    ]),
    question(
      'db05dfce-dbce-4f6c-ba4f-4ba2416aba61',
      'Email campaigns usually perform better when you segment your list by interests or behaviour.',
      trueFalse(true),
      {
        kind: 'true_false',
      },
    ),
    question(
      '1b1e2186-3358-4896-b55b-bc4ba33624fc',
      'Which two of these help a page rank higher in search results? (Pick two)',
      [
        right('a1', 'Fast page load times, especially on mobile'),
        right('a2', 'Helpful content that matches what people are searching for'),
        wrong('a3', 'Hiding extra keywords in white text'),
        wrong('a4', 'Buying thousands of links from unrelated sites'),
      ],
      { kind: 'multiple' },
    ),
    question('34e234d5-34b5-43f9-be2e-91caa8e8f0b8', 'In pay-per-click (PPC) advertising, when do you pay?', [
      right('a1', 'When someone clicks your ad'),
      wrong('a2', 'Every time your ad is shown'),
      wrong('a3', 'Only when someone buys'),
      wrong('a4', 'A fixed fee once a month'),
    ]),
    question('714f04f3-d7c9-43db-872a-945639af4c27', 'What is a website’s conversion rate?', [
      wrong('a1', 'The number of visitors it gets per day'),
      right('a2', 'The share of visitors who complete a goal, such as a purchase or sign-up'),
      wrong('a3', 'The share of visitors who leave after viewing one page'),
      wrong('a4', 'How quickly its pages load'),
    ]),
    question('0f08388a-a11a-4101-992b-9dc7ef1e055e', 'What is a lead magnet?', [
      wrong('a1', 'A paid ad that targets your competitors’ customers'),
      wrong('a2', 'A tool that finds email addresses automatically'),
      right('a3', 'Something useful offered for free in exchange for contact details, like a guide or a quiz'),
      wrong('a4', 'A discount given only to repeat buyers'),
    ]),
    question(
      '65f7b93b-dd48-4d2a-b6f2-58656970d59a',
      'What is the most reliable way to find out which of two landing-page headlines works better?',
      [
        wrong('a1', 'Ask your team to vote'),
        wrong('a2', 'Pick the longer, more detailed one'),
        wrong('a3', 'Change the headline every day and see how it feels'),
        right('a4', 'Run an A/B test and compare the conversion rates'),
      ],
    ),
  ],
};
