/**
 * Quiz types, themes, defaults, limits and messages of the quiz builder (spec: builder-widgets-shell.md
 * §3, §5 and §9; spec: account-player-management.md §1, §5 and §9). One module so the builder,
 * the server, the engine and the tests agree.
 */

export const quizTypes = [
  'graded_quiz',
  'personality_quiz',
  'graded_quiz_with_personality',
  'weighted_graded_quiz',
  'multiple_personality_quiz',
  'category_quiz_multiple_personality',
  'category_graded_quiz_with_personality',
  'poll',
  'feedback',
] as const;
export type QuizType = (typeof quizTypes)[number];

/** Types a new quiz can have; poll and feedback exist for old data only. */
export const activeQuizTypes = /* @__PURE__ */ quizTypes.filter((type) => type !== 'poll' && type !== 'feedback') as Exclude<
  QuizType,
  'poll' | 'feedback'
>[];
export type ActiveQuizType = (typeof activeQuizTypes)[number];

export const quizTypeInfo: Record<QuizType, { label: string; description: string }> = {
  graded_quiz: { label: 'Graded Quiz', description: 'Right and wrong answers; players get a score in marks or percent.' },
  personality_quiz: {
    label: 'Personality Quiz',
    description: 'Each answer points at a personality; players get the one they picked most.',
  },
  graded_quiz_with_personality: {
    label: 'Graded Quiz With Personality',
    description: 'A graded quiz whose score range decides the outcome shown.',
  },
  weighted_graded_quiz: {
    label: 'Weighted Graded Quiz',
    description: 'Every answer carries a weight; the weighted score picks the outcome.',
  },
  multiple_personality_quiz: {
    label: 'Multiple Personality Quiz',
    description: 'Players see every personality they matched, with its share.',
  },
  category_quiz_multiple_personality: {
    label: 'Category Quiz (Multiple Personality)',
    description: 'Questions grouped in categories; one personality per category.',
  },
  category_graded_quiz_with_personality: {
    label: 'Category Graded Quiz With Personality',
    description: 'A score per category, each with the outcome its range gives.',
  },
  poll: { label: 'Poll', description: 'Kept for older quizzes.' },
  feedback: { label: 'Feedback', description: 'Kept for older quizzes.' },
};

/** What each type needs from the builder. */
export const typeTraits = (type: QuizType) => ({
  /** Answers are marked correct/incorrect. */
  graded: type === 'graded_quiz' || type === 'graded_quiz_with_personality' || type === 'category_graded_quiz_with_personality',
  /** Answers carry numeric weights instead of marks. */
  weighted: type === 'weighted_graded_quiz',
  /** Answers point at a personality. */
  answerPersonality:
    type === 'personality_quiz' || type === 'multiple_personality_quiz' || type === 'category_quiz_multiple_personality',
  /** Outcomes are personalities (with or without score ranges). */
  personalities: type !== 'graded_quiz' && type !== 'poll' && type !== 'feedback',
  /** Personalities are chosen by score range. */
  scoreRanges:
    type === 'graded_quiz_with_personality' ||
    type === 'weighted_graded_quiz' ||
    type === 'category_graded_quiz_with_personality',
  /** Questions belong to categories. */
  categories: type === 'category_quiz_multiple_personality' || type === 'category_graded_quiz_with_personality',
  /** Question kinds offered: graded types choose single, true-false or multiple. */
  questionKinds: (type === 'graded_quiz' ? ['single', 'true_false', 'multiple'] : ['single']) as QuestionKind[],
});

export const questionKinds = ['single', 'true_false', 'multiple'] as const;
export type QuestionKind = (typeof questionKinds)[number];
export const questionKindLabels: Record<QuestionKind, string> = {
  single: 'Single Answer Correct',
  true_false: 'True-False',
  multiple: 'Multiple Answers Correct',
};

/** 13 named themes (theme1–theme13) plus custom colours. */
export const themes = {
  theme1: 'sweet_peachy',
  theme2: 'melting_mauve',
  theme3: 'teal_green',
  theme4: 'sunny_daze',
  theme5: 'rose_pink',
  theme6: 'pulpy_orange',
  theme7: 'pulpy_orange',
  theme8: 'fiercy_red',
  theme9: 'starry_blue',
  theme10: 'grass_green',
  theme11: 'blue_x_gray',
  theme12: 'how_good_your_leader_ship',
  theme13: 'transparent-x-ark',
} as const;
export type ThemeId = keyof typeof themes;
export const themeIds = Object.keys(themes) as ThemeId[];

export const colorKeys = [
  'headerBg',
  'headerText',
  'contentBg',
  'contentText',
  'footerBg',
  'footerText',
  'buttonBg',
  'buttonText',
] as const;
export type ColorKey = (typeof colorKeys)[number];

export const quizLimits = {
  title: 150,
  richTextVisible: 255,
  /** Pasting more than this many characters into a rich text field is refused. */
  richTextPaste: 256,
  questionTitle: 250,
  answerText: 200,
  weight: 60,
  answersMin: 2,
  answersMax: 4,
  startButtonText: 15,
  emailMessage: 50,
  privacyPolicyText: 200,
  smsConsentText: 400,
  /** The result email's subject and body (issue 35). */
  resultEmailSubject: 150,
  resultEmailBody: 5000,
  nameFieldText: 50,
  emailFieldText: 50,
  continueButtonText: 20,
  offerMessage: 50,
  offerButtonText: 20,
  offerButtonLink: 2048,
  retakeText: 50,
  personalitiesMin: 2,
  categoriesMin: 2,
  personalityTitle: 100,
  personalityDescription: 1000,
  formCode: 20_000,
  url: 2048,
  metaTitle: 70,
  metaDescription: 160,
  crmTag: 100,
  googleAnalyticsId: 30,
  imageBytes: 2 * 1024 * 1024,
  /** Quizzes list */
  listPageSize: 7,
  listTitleChars: 30,
  listMarginPages: 2,
  listPagesInRange: 5,
} as const;

export const quizDefaults = {
  scoreType: 'percentage',
  startButtonText: 'Start',
  publicStartButtonText: 'Continue',
  continueButtonText: 'Continue',
  offerButtonText: 'Schedule Now',
  resultButtonText: 'Check Your Score',
  retakeText: 'Retake This Quiz',
  socialSharingText: 'Share it with your family, friends and colleagues',
  nameFieldText: 'Enter your name',
  emailFieldText: 'Enter your Email',
  phoneFieldText: 'Phone number (optional)',
  /** The SMS consent checkbox's legal text until the owner writes theirs (quiz Lead tab, wheel settings). */
  smsConsentText:
    'I agree to receive recurring automated marketing text messages at this number. Consent is not a condition of purchase. Msg & data rates may apply. Reply STOP to unsubscribe.',
  emailMessage: 'Enter your email to receive your results',
  certificateText: 'This certificate is proudly presented on completion of the quiz.',
  poweredBy: 'Powered By Quizlead',
  /** Default score ranges for the range-based types. */
  scoreRanges: [
    { min: 0, max: 20 },
    { min: 21, max: 40 },
    { min: 41, max: 60 },
    { min: 61, max: 80 },
    { min: 81, max: 100 },
  ],
} as const;

/**
 * How many personalities a new quiz of the type starts with. The range types get one per default score
 * range, so that together they hold every score from 0% to 100%; the other personality types get the
 * minimum of two, and the types without personalities none.
 */
export function starterPersonalityCount(type: QuizType): number {
  const traits = typeTraits(type);
  if (traits.scoreRanges) return quizDefaults.scoreRanges.length;
  return traits.personalities ? quizLimits.personalitiesMin : 0;
}

export const quizMessages = {
  titleEmpty: 'Quiz title cannot be empty',
  noQuestions: 'There are no questions in this quiz. Please add at least one question before publishing the quiz.',
  emailFormCodeRequired: 'Enter code for lead generation form.',
  landingUrlRequired: 'Enter url for custom landing page.',
  personalityLandingUrlRequired: 'Please enter url for custom landing page for personalities.',
  personalityFormCodeRequired: 'Please enter html code for email form for personalities.',
  welcomeRequired: 'Welcome Message is required.',
  personalitiesRequired: 'Personalities is required.',
  personalityTitleRequired: 'Personality title is required.',
  personalityDescriptionRequired: 'Personality description is required.',
  personalitiesMin: 'Please add at least two personalities',
  categoryRequired: 'Question category is required.',
  categoryTitleRequired: 'Question title is required.',
  categoryDescriptionRequired: 'Question description is required.',
  categoriesMin: 'Please add at least two question categories',
  /** Range types: whole percentages no personality's range holds (runs from scoreRangeGaps, in score order). */
  scoreRangeGaps: (gaps: readonly { from: number; to: number }[]) => {
    const only = gaps.length === 1 && gaps[0]!.from === gaps[0]!.to;
    const parts = gaps.map(({ from, to }) => (from === to ? `of ${from}%` : `from ${from}% to ${to}%`));
    const listed = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
    const subject = only ? `A score ${listed} has` : `Scores ${listed} have`;
    return `${subject} no personality. Change the score ranges so that every score from 0% to 100% has one.`;
  },
  questionEmpty: 'Question can not be empty',
  answerEmpty: 'Ans can not be empty',
  correctAnswerRequired: 'Please select at least one correct answer',
  onlyOneCorrect: 'Only one answer can be marked as correct',
  questionTypeLocked: 'You can not change question type in a published quiz.',
  questionCategoryMissing: 'Choose a category for this question',
  answerPersonalityMissing: 'Choose a personality for every answer',
  weightInvalid: 'Weight must be a number',
  templateInvalid: 'Template selected is invalid. Please try again.',
  savedTitle: 'Quiz Saved',
  savedDraft: 'Your quiz has been successfully saved as draft. Please ensure to publish it before sharing it in your network.',
  savedPublished: 'Your quiz has been successfully saved and published.',
  statusUpdated: (status: string) => `Status of quiz has been updated to ${status}`,
  deleted: 'Quiz has been deleted.',
  deleteFailed: 'Error in deleting quiz.',
  questionDeleteConfirm:
    'Are you sure you want to delete this question? This question and all related data will be permanently deleted.',
  questionDeleted: 'Question Deleted',
  questionSaveFailed: 'Question failed to be saved',
  questionSaved: 'Question saved successfully',
  emptyList: "Your quiz dashboard is currently empty. Let's get started by creating your first quiz.",
  emptyQuestions: "Let's get started with your first question!",
  branchingEnableConfirm: 'Please ensure all questions are added before turning on logic branching.',
  branchingDisableConfirm: 'All branching logic will get reset. Do you want to turn it off?',
  upgradeForFooter: 'Upgrade your plan to use this feature',
  /** Under the offer fields while the offer has no link (shownOffer hides it until then). */
  offerNeedsLink: 'Add a link to show the offer to players.',
  pasteTooLong: 'Char count of copied content is greater than char limit.',
  imageType: 'Images must be PNG, JPEG, GIF or WebP',
  imageSize: 'Images must be at most 2 MB',
  /** The server's refusal of rich text longer than its field's limit (the builder stops typing there). */
  richTextTooLong: (field: string, max: number) => `${field} can have at most ${max} characters.`,
  unpublishTitle: 'Take this quiz offline?',
  unpublishWarning:
    'This quiz is live. Saving it as a draft unpublishes it: visitors will lose access to its link, short link and embeds until you publish it again.',
  /** Each switch's help says what its current state does. */
  branchingHelp: {
    on: 'On: each answer can send players to another question or to the landing page (set it with Branch).',
    off: 'Off: players answer every question in order.',
  },
} as const;
