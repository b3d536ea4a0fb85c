import { question, weighted } from './builders.ts';
import type { CatalogueTemplate } from './index.ts';

/**
 * Weighted graded quiz: every answer weighs 0 (worst habit) to 3 (best habit); the share of the
 * best possible total (0 to 100) picks the outcome.
 */
export const sleepHealth: CatalogueTemplate = {
  id: '5a5d5792-5bf4-4f35-bbbf-fdb1b172312b',
  description:
    'Seven weighted questions give a 0–100 sleep score with tailored advice: for wellness coaches, clinics and mattress brands.',
  image: '/template-images/cover-sleep-health.svg',
  quiz: {
    title: 'How Healthy Is Your Sleep?',
    quizType: 'weighted_graded_quiz',
    settings: {
      welcomeMessage:
        '<p>Good sleep is the foundation of energy, focus and health. Answer 7 quick questions about your nights and mornings to get your <strong>sleep score</strong> and practical tips to rest better.</p>',
      startButtonText: 'Get My Score',
      scoreType: 'percentage',
      theme: 'theme2',
      emailMessage: 'Enter your email to get your sleep score',
      scoreMessage: '<p>Your sleep score is out of 100. Here’s what it says about your nights, and what to try next.</p>',
      resultPageText: '<p>This quiz is for general wellbeing only and is not a medical assessment.</p>',
      offerMessage: 'Get our free 7-night better sleep plan',
      offerButtonText: 'Send Me the Plan',
      metaTitle: 'How Healthy Is Your Sleep? Get Your Sleep Score',
      metaDescription:
        'Answer 7 quick questions about your sleep habits to get a score out of 100 and practical tips to sleep better tonight.',
      crmTag: 'quiz-sleep-score',
    },
    personalities: [
      {
        id: 'p-sos',
        title: 'Sleep SOS',
        description:
          '<p>Your sleep needs attention, and it affects your mood, focus and health. Start with a fixed wake-up time and a screen-free last hour before bed. If you snore loudly or feel exhausted most days, talk to a doctor.</p>',
        minScore: 0,
        maxScore: 39,
      },
      {
        id: 'p-reserve',
        title: 'Running on Reserve',
        description:
          '<p>You get by, but your body is asking for more rest. Protect 7 to 9 hours in bed, move caffeine before noon and give yourself a wind-down routine: dim lights, a book, a warm shower.</p>',
        minScore: 40,
        maxScore: 59,
      },
      {
        id: 'p-rested',
        title: 'Mostly Rested',
        description:
          '<p>Your sleep habits are good, with room to polish. Keep your bed and wake times steady, even at weekends, and keep your bedroom cool, dark and quiet to turn good nights into great ones.</p>',
        minScore: 60,
        maxScore: 79,
      },
      {
        id: 'p-champion',
        title: 'Sleep Champion',
        description:
          '<p>Excellent! Your habits set you up for deep, restorative sleep. Keep your routine steady through busy and stressful weeks, when sleep usually slips first.</p>',
        minScore: 80,
        maxScore: 100,
      },
    ],
  },
  questions: [
    question('30e3d73f-ab8a-423e-a141-14d98f0000de', 'On a typical night, how many hours do you actually sleep?', [
      weighted('a1', 'Less than 5 hours', 0),
      weighted('a2', '5 to 6 hours', 1),
      weighted('a3', '6 to 7 hours', 2),
      weighted('a4', '7 to 9 hours', 3),
    ]),
    question('982eac65-8406-4743-820d-11acb8fce3a0', 'How long does it usually take you to fall asleep?', [
      weighted('a1', 'Under 20 minutes', 3),
      weighted('a2', '20 to 30 minutes', 2),
      weighted('a3', '30 to 60 minutes', 1),
      weighted('a4', 'More than an hour', 0),
    ]),
    question('af5dee10-a99f-4518-9dff-6fa81115f680', 'How often do you wake in the night and struggle to get back to sleep?', [
      weighted('a1', 'Rarely or never', 3),
      weighted('a2', '1 or 2 nights a week', 2),
      weighted('a3', '3 or 4 nights a week', 1),
      weighted('a4', 'Almost every night', 0),
    ]),
    question(
      '5481c1ea-f462-4062-9f7d-571c5bd95d0f',
      'Do you go to bed and get up at about the same times every day, weekends included?',
      [
        weighted('a1', 'Yes, give or take an hour', 3),
        weighted('a2', 'On weekdays only', 1),
        weighted('a3', 'No, it varies a lot', 0),
      ],
    ),
    question('f375b404-4a35-4d12-984b-2e3a09be8d6f', 'When do you usually put screens away (phone, laptop, TV) before bed?', [
      weighted('a1', 'An hour or more before', 3),
      weighted('a2', 'About 30 minutes before', 2),
      weighted('a3', 'Right before I turn off the light', 1),
      weighted('a4', 'I fall asleep with a screen on', 0),
    ]),
    question('f20043ca-9d28-4437-bb02-fb7a31adf524', 'How do you usually feel when you wake up?', [
      weighted('a1', 'Refreshed and ready to go', 3),
      weighted('a2', 'Fine after a coffee', 2),
      weighted('a3', 'Groggy for most of the morning', 1),
      weighted('a4', 'Exhausted, as if I hadn’t slept', 0),
    ]),
    question('f0ca128a-e970-4344-9013-3eff832079ef', 'When do you have your last caffeinated drink of the day?', [
      weighted('a1', 'Before noon, or I don’t have caffeine', 3),
      weighted('a2', 'Early afternoon', 2),
      weighted('a3', 'Late afternoon', 1),
      weighted('a4', 'In the evening', 0),
    ]),
  ],
};
