/**
 * The worked examples of docs/quiz-types.md, as data. The doc's numbers are asserted in
 * examples.test.ts; change one only together with the other.
 */
import { answer, category, personality, question, quiz } from './fixtures.ts';

const correct = { correct: true };

/** graded_quiz: marks, negative marking, a multiple-answer question with an extra pick. */
export const gradedExample = quiz('graded_quiz', {
  settings: { scoreType: 'marks', negativeMarking: true },
  questions: [
    question('q1', 'What is 2 + 2?', [answer('q1a', '3'), answer('q1b', '4', correct), answer('q1c', '5')]),
    question('q2', 'The Sun is a star.', [answer('q2t', 'True', correct), answer('q2f', 'False')], { kind: 'true_false' }),
    question(
      'q3',
      'Which numbers are prime?',
      [answer('q3a', '2', correct), answer('q3b', '3', correct), answer('q3c', '4'), answer('q3d', '9')],
      { kind: 'multiple' },
    ),
  ],
});

/** Branching: four questions, every "a" answer is correct (graded_quiz, so the path's effect on the score shows). */
export const branchingExample = quiz('graded_quiz', {
  settings: { scoreType: 'marks' },
  questions: ['q1', 'q2', 'q3', 'q4'].map((id) =>
    question(id, `Question ${id.slice(1)}`, [answer(`${id}a`, 'A', correct), answer(`${id}b`, 'B')]),
  ),
  branches: [
    { questionId: 'q1', answerId: 'q1a', to: 'q3' },
    { questionId: 'q1', answerId: 'any', to: 'q2' },
    { questionId: 'q2', answerId: 'q2b', to: 'landing' },
    { questionId: 'q3', answerId: 'any', to: 'q9' },
    { questionId: 'q4', answerId: 'any', to: 'q1' },
  ],
});

/** personality_quiz: three personalities, one answer each per question. */
export const personalityExample = quiz('personality_quiz', {
  personalities: [personality('explorer', 'Explorer'), personality('homebody', 'Homebody'), personality('foodie', 'Foodie')],
  questions: [
    question('q1', 'Your ideal Saturday?', [
      answer('q1a', 'A hike', { personalityId: 'explorer' }),
      answer('q1b', 'Sofa and a film', { personalityId: 'homebody' }),
      answer('q1c', 'A cooking class', { personalityId: 'foodie' }),
    ]),
    question('q2', 'Pick a holiday', [
      answer('q2a', 'Mountains', { personalityId: 'explorer' }),
      answer('q2b', 'A staycation', { personalityId: 'homebody' }),
      answer('q2c', 'A food tour', { personalityId: 'foodie' }),
    ]),
    question('q3', 'Pick a dinner', [
      answer('q3a', 'Campfire stew', { personalityId: 'explorer' }),
      answer('q3b', 'Takeaway', { personalityId: 'homebody' }),
      answer('q3c', 'A tasting menu', { personalityId: 'foodie' }),
    ]),
  ],
});

/** graded_quiz_with_personality: three single-answer questions, three score ranges. */
export const gradedRangeExample = quiz('graded_quiz_with_personality', {
  personalities: [
    personality('beginner', 'Beginner', { minScore: 0, maxScore: 40 }),
    personality('intermediate', 'Intermediate', { minScore: 41, maxScore: 70 }),
    personality('expert', 'Expert', { minScore: 71, maxScore: 100 }),
  ],
  questions: [
    question('q1', 'The capital of France?', [answer('q1a', 'Paris', correct), answer('q1b', 'Lyon')]),
    question('q2', 'H₂O is…', [answer('q2a', 'Water', correct), answer('q2b', 'Salt')]),
    question('q3', 'The largest planet?', [answer('q3a', 'Jupiter', correct), answer('q3b', 'Mars')]),
  ],
});

/** weighted_graded_quiz: weights with negatives and decimals. */
export const weightedExample = quiz('weighted_graded_quiz', {
  personalities: [
    personality('low', 'Low', { minScore: 0, maxScore: 33 }),
    personality('medium', 'Medium', { minScore: 34, maxScore: 66 }),
    personality('high', 'High', { minScore: 67, maxScore: 100 }),
  ],
  questions: [
    question('q1', 'How often do you exercise?', [
      answer('q1a', 'Never', { weight: '0' }),
      answer('q1b', 'Weekly', { weight: '5' }),
      answer('q1c', 'Daily', { weight: '10' }),
    ]),
    question('q2', 'How do you get to work?', [
      answer('q2a', 'By car', { weight: '-2' }),
      answer('q2b', 'By bus', { weight: '4' }),
      answer('q2c', 'By bike', { weight: '8' }),
    ]),
    question('q3', 'Your usual lunch?', [
      answer('q3a', 'Fast food', { weight: '-5' }),
      answer('q3b', 'A sandwich', { weight: '1.5' }),
      answer('q3c', 'A salad', { weight: '3' }),
    ]),
  ],
});

/** multiple_personality_quiz: answers a–d always point at Logical, Creative, Social, Calm. */
const fourWays = (id: string, title: string, texts: [string, string, string, string]) =>
  question(
    id,
    title,
    (['logical', 'creative', 'social', 'calm'] as const).map((personalityId, index) =>
      answer(`${id}${'abcd'[index]}`, texts[index] ?? '', { personalityId }),
    ),
  );

export const multiplePersonalityExample = quiz('multiple_personality_quiz', {
  personalities: [
    personality('logical', 'Logical', { landingUrl: 'https://example.com/logical' }),
    personality('creative', 'Creative', { landingUrl: 'https://example.com/creative' }),
    personality('social', 'Social', { landingUrl: 'https://example.com/social' }),
    personality('calm', 'Calm', { landingUrl: 'https://example.com/calm' }),
  ],
  questions: [
    fourWays('q1', 'A free afternoon?', ['Sudoku', 'Painting', 'A party', 'Yoga']),
    fourWays('q2', 'Favourite subject?', ['Maths', 'Art', 'Languages', 'Philosophy']),
    fourWays('q3', 'On holiday you…', ['Plan every day', 'Sketch the views', 'Meet the locals', 'Read on the beach']),
    fourWays('q4', 'Your desk is…', ['Labelled', 'Colourful', 'Covered in photos', 'Bare']),
  ],
});

/** category_quiz_multiple_personality: two personalities, three categories, the last question left unanswered. */
export const categoryPersonalityExample = quiz('category_quiz_multiple_personality', {
  personalities: [personality('planner', 'Planner'), personality('improviser', 'Improviser')],
  categories: [category('work', 'Work'), category('home', 'Home'), category('travel', 'Travel')],
  questions: [
    question(
      'q1',
      'Before a meeting you…',
      [answer('q1a', 'Write an agenda', { personalityId: 'planner' }), answer('q1b', 'Wing it', { personalityId: 'improviser' })],
      { categoryId: 'work' },
    ),
    question(
      'q2',
      'Deadlines are…',
      [
        answer('q2a', 'Set weeks ahead', { personalityId: 'planner' }),
        answer('q2b', 'Best met at the last minute', { personalityId: 'improviser' }),
      ],
      { categoryId: 'work' },
    ),
    question(
      'q3',
      'Dinner tonight is…',
      [
        answer('q3a', 'On the weekly menu', { personalityId: 'planner' }),
        answer('q3b', 'Whatever is in the fridge', { personalityId: 'improviser' }),
      ],
      { categoryId: 'home' },
    ),
    question(
      'q4',
      'You pack…',
      [
        answer('q4a', 'From a checklist', { personalityId: 'planner' }),
        answer('q4b', 'Ten minutes before leaving', { personalityId: 'improviser' }),
      ],
      { categoryId: 'travel' },
    ),
  ],
});

/** category_graded_quiz_with_personality: negative marking, three categories, the last question unanswered. */
export const categoryGradedExample = quiz('category_graded_quiz_with_personality', {
  settings: { negativeMarking: true },
  personalities: [
    personality('needs-work', 'Needs work', { minScore: 0, maxScore: 29 }),
    personality('good', 'Good', { minScore: 30, maxScore: 69 }),
    personality('excellent', 'Excellent', { minScore: 70, maxScore: 100 }),
  ],
  categories: [category('maths', 'Maths'), category('science', 'Science'), category('history', 'History')],
  questions: [
    question('q1', '3 × 4 = ?', [answer('q1a', '12', correct), answer('q1b', '7')], { categoryId: 'maths' }),
    question('q2', '10 − 7 = ?', [answer('q2a', '3', correct), answer('q2b', '4')], { categoryId: 'maths' }),
    question('q3', 'At sea level water boils at…', [answer('q3a', '100 °C', correct), answer('q3b', '50 °C')], {
      categoryId: 'science',
    }),
    question('q4', 'Plants take in…', [answer('q4a', 'Carbon dioxide', correct), answer('q4b', 'Helium')], {
      categoryId: 'science',
    }),
    question('q5', 'The Earth orbits…', [answer('q5a', 'The Sun', correct), answer('q5b', 'The Moon')], {
      categoryId: 'science',
    }),
    question('q6', 'The Berlin Wall fell in…', [answer('q6a', '1989', correct), answer('q6b', '1975')], {
      categoryId: 'history',
    }),
  ],
});

/** poll: two questions, options counted. */
export const pollExample = quiz('poll', {
  questions: [
    question('q1', 'Which day suits the team event?', [
      answer('mon', 'Monday'),
      answer('fri', 'Friday'),
      answer('sat', 'Saturday'),
    ]),
    question('q2', 'Which format?', [answer('online', 'Online'), answer('office', 'At the office')]),
  ],
});

/** feedback: one question. */
export const feedbackExample = quiz('feedback', {
  questions: [
    question('q1', 'How was your visit?', [answer('happy', 'Happy'), answer('neutral', 'Neutral'), answer('unhappy', 'Unhappy')]),
  ],
});
