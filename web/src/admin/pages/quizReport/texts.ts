import { reportMessages, revenueMessages } from '@quizlead/shared/reports.ts';
import { adminLink } from '../../urls.ts';

/** Quiz report and answer sheet: words the spec does not give (the rest are in shared/src/reports.ts). */
export const reportTexts = {
  ...reportMessages,
  thing: 'Quiz',
  share: 'Share',
  edit: 'Edit',
  keyFigures: 'Key figures',
  views: 'Views',
  starts: 'Starts',
  completions: 'Completions',
  completionRate: 'Completion rate',
  leads: 'Leads',
  averageScore: 'Average score',
  dropOffTitle: 'Question drop-off',
  dropOffHelp: 'How many visitors were shown each question and how many of them answered it.',
  noQuestions: 'This quiz has no questions yet.',
  respondentsTitle: 'Respondents',
  emptyHelp: 'Share the quiz to start collecting respondents; their results and answers appear here.',
  sortBy: 'Sort by',
  loading: 'Loading the quiz report…',
  answerSheetTitle: 'Answer sheet',
  answerSheetThing: 'Answer sheet',
  selected: 'Selected',
  backToReport: 'Quiz report',
  respondentDetails: 'Respondent details',
  loadingSheet: 'Loading the answer sheet…',
  notSupportedHelp: "This play's answers are stored in a form this page cannot show.",
  noAnswersHelp: 'This respondent did not answer any question.',
};

/** The revenue card of the quiz report and the wheel's spins page (the rest in shared/src/reports.ts). */
export const revenueTexts = {
  ...revenueMessages,
  outcome: 'Outcome',
  slice: 'Slice',
  spins: 'Spins',
  keyFigures: 'Revenue figures',
  quizHelp: 'Orders credited to this quiz: they used a prize code it gave, or a product added to the cart from its result.',
  wheelHelp: 'Orders credited to this wheel: they used a prize code one of its slices gave.',
  loadFailed: 'The revenue could not be loaded.',
};

/** The back action to the quiz list. */
export const quizzesList = () => adminLink('Quizzes', 'Quizzes');

/** The text of an empty cell. */
export const blank = '—';
