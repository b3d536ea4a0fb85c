import { question, right, trueFalse, wrong } from './builders.ts';
import type { CatalogueTemplate } from './index.ts';

/** Graded quiz (scored in marks): everyday security awareness, for IT providers qualifying small-business leads. */
export const cyberSafetyBasics: CatalogueTemplate = {
  id: '068a87b1-80f4-468a-9f6d-790b0b9a1130',
  description:
    'Seven questions on phishing, passwords, updates and backups: for IT providers and MSPs to start the security talk.',
  image: '/template-images/cover-cyber-safety.svg',
  quiz: {
    title: 'Cyber Safety Basics: Can You Spot the Risk?',
    quizType: 'graded_quiz',
    settings: {
      welcomeMessage:
        '<p>Most breaches start with a single click. Answer 7 quick questions to see how well you spot everyday cyber risks, and learn simple ways to protect your business.</p>',
      startButtonText: 'Start the Quiz',
      scoreType: 'marks',
      theme: 'theme11',
      emailMessage: 'Enter your email to get your results',
      scoreMessage:
        '<p>Every right answer is one less way in for attackers. Check your score and the areas where you and your team could tighten up.</p>',
      offerMessage: 'Get a free security check for your business',
      offerButtonText: 'Book My Check',
      metaTitle: 'Cyber Safety Basics Quiz: Can You Spot the Risk?',
      metaDescription:
        'Seven quick questions on phishing, passwords, updates and backups. See how cyber-safe you are and how to protect your business.',
      crmTag: 'quiz-cyber-safety',
    },
  },
  questions: [
    question(
      '4a047335-45b8-4499-8f15-54ea8599f5b3',
      'An email from “your bank” asks you to confirm your password through a link. What should you do?',
      [
        right('a1', 'Don’t click; contact the bank through its official website or phone number'),
        wrong('a2', 'Click the link and log in to check your account'),
        wrong('a3', 'Reply with your password so they can verify you'),
        wrong('a4', 'Forward it to a few colleagues to ask what they think'),
      ],
    ),
    question(
      'ac87e40b-5dea-4d7a-8782-8d235dfecf74',
      'A long passphrase of four or more random words is usually stronger than a short password full of symbols.',
      trueFalse(true),
      {
        kind: 'true_false',
      },
    ),
    question(
      '0daec5c7-684d-4097-8153-6d5171136b26',
      'Which two of these are warning signs of a phishing email? (Pick two)',
      [
        right('a1', 'The sender’s address doesn’t match the company’s real domain'),
        wrong('a2', 'It arrives during normal business hours'),
        right('a3', 'It pressures you to act right now or face a penalty'),
        wrong('a4', 'It has a plain-text version'),
      ],
      { kind: 'multiple' },
    ),
    question('efc85749-8089-4cef-9f73-c7690df3b71a', 'What does multi-factor authentication (MFA) add to a login?', [
      wrong('a1', 'A longer password'),
      right('a2', 'A second proof that it’s you, such as a code from an app'),
      wrong('a3', 'Automatic log-out after five minutes'),
      wrong('a4', 'A backup copy of your account'),
    ]),
    question('c0e8a2b9-e077-4b3f-829c-2b5c46c9fe90', 'Which backup habit protects you best against ransomware?', [
      wrong('a1', 'One backup on a USB drive that stays plugged in'),
      wrong('a2', 'Saving important files to the desktop'),
      right('a3', 'Regular backups with at least one copy kept offline or off-site'),
      wrong('a4', 'A full backup whenever you buy a new computer'),
    ]),
    question('adbb8d76-5e70-486b-819f-5889268bb64e', 'Why should you install software updates promptly?', [
      right('a1', 'They often fix security holes that attackers already know about'),
      wrong('a2', 'They are only about new features'),
      wrong('a3', 'They are optional once antivirus is installed'),
      wrong('a4', 'They free up disk space'),
    ]),
    question('697614bb-0faf-411d-82ff-56ca0482c6bb', 'You find a USB stick in the office car park. What’s the safest move?', [
      wrong('a1', 'Plug it in to find out who owns it'),
      wrong('a2', 'Plug it into a personal laptop instead of a work one'),
      wrong('a3', 'Keep it for your own files'),
      right('a4', 'Hand it to IT without plugging it in'),
    ]),
  ],
};
