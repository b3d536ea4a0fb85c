import { question, right, wrong } from './builders.ts';
import type { CatalogueTemplate } from './index.ts';

/** Graded quiz with personality: the percentage score places a would-be buyer on the road to a first home. */
export const homeBuyingReadiness: CatalogueTemplate = {
  id: 'dd6fcb5f-9585-4827-9d2e-4e3d2db797c2',
  description: 'Six questions on deposits, credit and costs; the score places buyers from Just Starting Out to Ready to Buy.',
  image: '/template-images/cover-home-buying.svg',
  quiz: {
    title: 'Are You Mortgage-Ready? Test Your Home-Buying Know-How',
    quizType: 'graded_quiz_with_personality',
    settings: {
      welcomeMessage:
        '<p>Thinking about buying a home? Answer 6 quick questions to find out how mortgage-ready you are, and get clear next steps for where you are today.</p>',
      startButtonText: 'Check My Score',
      scoreType: 'percentage',
      theme: 'theme3',
      emailMessage: 'Enter your email to get your results',
      scoreMessage: '<p>Here’s where you stand on the road to your new home.</p>',
      resultPageText:
        '<p>This quiz gives general information, not financial advice. Speak to a qualified adviser before you apply.</p>',
      offerMessage: 'Talk to an adviser about your options',
      offerButtonText: 'Book a Free Call',
      metaTitle: 'Are You Mortgage-Ready? Take the Home-Buying Quiz',
      metaDescription:
        'Six quick questions on deposits, credit scores and buying costs show how ready you are to buy a home, with next steps.',
      crmTag: 'quiz-mortgage-ready',
    },
    personalities: [
      {
        id: 'p-start',
        title: 'Just Starting Out',
        description:
          '<p>Buying a home can feel like a maze, and everyone starts somewhere. Begin with a simple budget, check your credit report for free and start a regular savings habit for your deposit.</p>',
        minScore: 0,
        maxScore: 20,
      },
      {
        id: 'p-learning',
        title: 'Learning the Ropes',
        description:
          '<p>You know some of the basics. Next, learn how deposits, interest rates and monthly payments fit together: a mortgage calculator and a first chat with an adviser will make the numbers real.</p>',
        minScore: 21,
        maxScore: 40,
      },
      {
        id: 'p-halfway',
        title: 'Halfway There',
        description:
          '<p>You have a solid grasp of how mortgages work. Now firm up your plan: set a deposit target, keep your credit in good shape and budget for closing costs as well as the price.</p>',
        minScore: 41,
        maxScore: 60,
      },
      {
        id: 'p-nearly',
        title: 'Nearly Ready',
        description:
          '<p>You know your way around the process. Gather your documents (payslips, bank statements, ID) and get a pre-approval, so you can make offers with confidence.</p>',
        minScore: 61,
        maxScore: 80,
      },
      {
        id: 'p-ready',
        title: 'Ready to Buy',
        description:
          '<p>Impressive: you understand the key steps and costs of buying a home. Compare deals from several lenders and get pre-approved so you can move fast when you find the one.</p>',
        minScore: 81,
        maxScore: 100,
      },
    ],
  },
  questions: [
    question('ec561858-1dd1-42af-82dc-b6e1562e7d28', 'What is a mortgage pre-approval?', [
      right('a1', 'A lender’s conditional estimate of how much you can borrow, based on your finances'),
      wrong('a2', 'A guarantee that your loan will be approved'),
      wrong('a3', 'A document the seller signs to accept your offer'),
      wrong('a4', 'The final loan contract'),
    ]),
    question('7233942f-d8ca-4077-97a1-ea91edfc6cce', 'How does a larger down payment usually affect your mortgage?', [
      wrong('a1', 'It makes no difference to the loan'),
      right('a2', 'You borrow less, and you may get a lower interest rate'),
      wrong('a3', 'It always raises your monthly payment'),
      wrong('a4', 'It lets you skip the property valuation'),
    ]),
    question('54b8080c-7195-4a09-8b81-e516be37945d', 'Which of these does the most for your credit score before you apply?', [
      wrong('a1', 'Opening several new credit cards'),
      wrong('a2', 'Closing your oldest credit account'),
      right('a3', 'Paying every bill on time and keeping card balances low'),
      wrong('a4', 'Taking out a car loan the month before'),
    ]),
    question('d7ac8efe-07b6-4a3f-808e-5ed0cd98c7cb', 'What are closing costs?', [
      right('a1', 'Fees paid to complete the purchase, such as legal, valuation and lender fees'),
      wrong('a2', 'The cost of moving your furniture'),
      wrong('a3', 'A fee for viewing a property'),
      wrong('a4', 'A penalty for paying off your mortgage early'),
    ]),
    question('a989fcbf-8155-4da5-815c-c25dc0f12612', 'What does a fixed-rate mortgage give you?', [
      wrong('a1', 'A rate that falls whenever the market does'),
      wrong('a2', 'No interest for the first year'),
      wrong('a3', 'The right to skip payments when money is tight'),
      right('a4', 'The same interest rate, so predictable payments, for the fixed period'),
    ]),
    question('4aeb6dc1-bca3-4d51-af03-935550570ba8', 'What does your debt-to-income ratio measure?', [
      wrong('a1', 'The value of the home compared with the loan'),
      right('a2', 'How much of your monthly income goes on debt repayments'),
      wrong('a3', 'Your savings compared with your spending'),
      wrong('a4', 'How long you have been in your current job'),
    ]),
  ],
};
