/**
 * Polls, web responses (feedback widgets) and wheel spinners: limits, defaults, values and the
 * user-facing texts (spec: builder-widgets-shell.md §2.5–2.7, §2.9, §3, §5, §8 and §9), defined once
 * for the zod schemas, the server, the UI and the tests. Spec misspellings are corrected; texts the
 * spec does not give (length errors, "choose an option") are ours and say so in plain words.
 */

export const engagementStatuses = ['published', 'unpublished'] as const;
export type EngagementStatus = (typeof engagementStatuses)[number];

export const engagementLimits = {
  /** Rows per page of the poll, web response and wheel lists. */
  listPageSize: 20,
  /** Rows per page of the votes, responses and spins tables. */
  submissionsPageSize: 50,
  email: 254,
  imageUrl: 2048,
  /** The iframe embed code's size. */
  embedWidth: 713,
  embedHeight: 419,
} as const;

export type EngagementKind = 'poll' | 'feedback' | 'wheel';

/** What the owner's screens call each engagement kind in a sentence. */
export const engagementKindNames: Record<EngagementKind, string> = {
  poll: 'poll',
  feedback: 'web response',
  wheel: 'wheel spin',
};

/**
 * Where each kind's owner API lives: `/api/v1/{collection}`, an item at `/{collection}/{id}` and its
 * visitors' submissions at `/{collection}/{id}/{submissions}` (with `/export`). The server's routes
 * and the admin's calls both read it.
 */
export const engagementPaths = {
  poll: { collection: 'polls', submissions: 'votes' },
  feedback: { collection: 'feedbacks', submissions: 'responses' },
  wheel: { collection: 'wheels', submissions: 'spins' },
} as const satisfies Record<EngagementKind, { collection: string; submissions: string }>;

/** Texts shared by the three engagement kinds. */
export const engagementMessages = {
  /** The spec asks 'Are you sure you want to delete this feedback?' for all three; this names what goes. */
  deleteConfirm: (kind: EngagementKind, title: string) =>
    `Are you sure you want to delete the ${engagementKindNames[kind]} “${title}”?`,
  deleteConfirmButton: 'Yes, Delete it!!',
  serverErrorTitle: 'Server error',
  validationErrorTitle: 'Validation Error',
  exportData: 'Export Data',
  colorInvalid: 'Enter a colour as #rrggbb.',
  iframeCode: 'Iframe',
  widgetCode: 'Widget',
  copy: 'Copy',
} as const;

export const exportFormats = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];

// ---------------------------------------------------------------------------------------------
// Polls

export const pollLimits = {
  description: 250,
  option: 100,
  optionsMin: 2,
  optionsMax: 4,
} as const;

export const pollDefaults = {
  status: 'published',
  collectEmail: true,
  /** Without it, one email votes once in a poll (as a wheel spins once per email). */
  allowRepeatVotes: false,
  colors: { background: '#8144e5', text: '#ffffff' },
} as const;

export const pollMessages = {
  descriptionRequired: 'Description field is required.',
  descriptionTooLong: `Description must be at most ${pollLimits.description} characters.`,
  statusRequired: 'Poll status is required.',
  optionRequired: 'Poll option is required.',
  optionsMin: 'Min two option is required.',
  positiveOptionRequired: 'Poll positive option is required.',
  optionsMax: 'Max 4 option allow.',
  optionTooLong: `Poll option must be at most ${pollLimits.option} characters.`,
  expiresAtInvalid: 'Enter the expiry as a date and time.',
  /** The spec's tip ('…You can not update poll.'), now on the options only: the rest of a poll with votes still saves. */
  votingStarted: 'Voting already started, You can not update poll options.',
  deleted: 'Poll deleted successfully!!',
  deleteFailed: 'Error in deleting poll',
  unpublished: 'Poll Unpublished',
  closed: 'This poll is closed.',
  loading: 'Loading..',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter valid email.',
  optionInvalid: 'Choose one of the poll options.',
  voted: 'Thank you for voting.',
  alreadyVoted: 'You have already voted in this poll.',
  statusUpdated: (status: EngagementStatus) => (status === 'published' ? 'Poll published.' : 'Poll unpublished.'),
  emptyList: 'You have not created any Instant Poll yet.',
  shareTitle: 'Your Poll Is Ready',
  votesTitle: 'Poll Title',
  totalVotes: 'Total Vote',
  /** Under a poll's public results (the spec's 'Total Vote' heading is the owner's votes page). */
  resultsTotal: 'Total votes',
} as const;

export const pollListColumns = ['Title', 'Created Date', 'Status', 'Total Votes', 'Action'] as const;
export const pollVoteColumns = ['Id', 'Poll Vote', 'Voter Email', 'Vote Date'] as const;
/** The export's header row, in order. */
export const pollVoteExportColumns = { email: 'Voter Email', vote: 'Vote', date: 'Date of Vote', language: 'Language' } as const;

// ---------------------------------------------------------------------------------------------
// Web responses (feedback widgets)

export const feelingTypes = ['emotion', 'star', 'thumb', 'scale'] as const;
export type FeelingType = (typeof feelingTypes)[number];

export const feelingTypeLabels: Record<FeelingType, string> = {
  emotion: 'Emotion',
  star: 'Star',
  thumb: 'Thumb',
  scale: 'Scale',
};

/** What a visitor can send for each feeling type, in the order the widget shows them. */
export const feelingValues = {
  emotion: ['Angry', 'Worried', 'Neutral', 'Happy', 'Delighted'],
  star: ['1*', '2*', '3*', '4*', '5*'],
  thumb: ['Thumbs Up', 'Thumbs Down'],
  scale: ['1', '2', '3', '4', '5'],
} as const satisfies Record<FeelingType, readonly string[]>;

export const isFeelingValue = (type: FeelingType, value: string) => (feelingValues[type] as readonly string[]).includes(value);

export const feedbackLimits = {
  title: 150,
  question: 250,
  /** The list truncates titles longer than this with '..'. */
  listTitleChars: 40,
  /** Error texts on the widget clear after this long. */
  errorDisplayMs: 3000,
} as const;

export const feedbackDefaults = {
  title: 'Your Experience is Important for Us!',
  question: 'Do you find the information on this page useful?',
  feelingType: 'emotion',
  /** Spec 9: "for new feedback the default is unset". */
  collectEmail: false,
} as const;

export const feedbackMessages = {
  titleRequired: 'Title field is required.',
  feelingTypeRequired: 'Feeling type is required.',
  questionRequired: 'Question field is required.',
  titleEmpty: 'Title field cannot be null or empty.',
  feelingTypeEmpty: 'Feeling type cannot be null or empty.',
  questionEmpty: 'Question field cannot be null or empty.',
  titleTooLong: `Title must be at most ${feedbackLimits.title} characters.`,
  questionTooLong: `Question must be at most ${feedbackLimits.question} characters.`,
  valueRequired: 'Feedback can not be empty.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter valid email.',
  thanks: 'Thanks for your feedback.',
  deleted: 'Your feedback has been deleted.',
  deleteFailed: 'Error in deleting feedback',
  updated: 'Feedback has been updated successfully.',
  createButton: 'Create',
  updateButton: 'Update Feedback',
  loading: 'Loading Data...',
  emptyList: "You don't have any data currently, let's get started by creating your first web response",
  buildButton: 'Build Your Web Response',
  shareTitle: 'Your Web Response is ready',
  total: (count: number) => `${count} Total`,
} as const;

export const feedbackListColumns = ['No.', 'Title', 'Date', 'Action'] as const;
export const feedbackResponseColumns = ['No.', 'Feedback Type', 'Feedback Score', 'Email', 'Created on'] as const;
export const feedbackResponseExportColumns = {
  feelingType: 'Feedback Type',
  value: 'Feedback Score',
  email: 'Email',
  date: 'Date of feedback send',
  language: 'Language',
} as const;

// ---------------------------------------------------------------------------------------------
// Wheel spinners

export const playButtonTypes = ['text', 'image'] as const;
export type PlayButtonType = (typeof playButtonTypes)[number];

export const wheelLimits = {
  description: 250,
  option: 50,
  optionsMin: 3,
  optionsMax: 8,
  /** Option inputs the create form starts with. */
  optionsAtStart: 3,
  playButtonText: 15,
  prizeCode: 40,
  weightMax: 1000,
  /** The preferred play-button image size. */
  playButtonImageWidth: 1920,
  playButtonImageHeight: 1075,
  canvasSize: 300,
  /** The winner is revealed this long after the spin starts. */
  revealDelayMs: 5000,
  /** Whole turns a spin makes before it lands (the wheel's page and the builder's preview). */
  spinTurns: 6,
} as const;

export const wheelDefaults = {
  status: 'published',
  collectEmail: true,
  allowRepeatSpins: false,
  playButtonType: 'text',
  playButtonText: 'Spin',
  weight: 1,
  prizeCode: '',
  /** What the public page shows before the wheel's own options arrive. */
  placeholderOptions: ['1', '2', '3', '4', '5', '6'],
} as const;

/** The eight segment colours, used in turn around the wheel. */
export const wheelPalette = ['#8144e5', '#f2545b', '#ffb400', '#2ec4b6', '#3a86ff', '#ff6f91', '#6a994e', '#ff8c42'] as const;

export const wheelMessages = {
  descriptionRequired: 'Description is required.',
  descriptionTooLong: `Description must be at most ${wheelLimits.description} characters.`,
  optionsMin: 'Min three option is required.',
  optionsMax: 'Max 8 option allow.',
  optionRequired: 'Option text is required.',
  optionTooLong: `Option must be at most ${wheelLimits.option} characters.`,
  weightInvalid: `Weight must be a positive number up to ${wheelLimits.weightMax}.`,
  prizeCodeTooLong: `Prize code must be at most ${wheelLimits.prizeCode} characters.`,
  playButtonTextTooLong: `Play button text must be at most ${wheelLimits.playButtonText} characters.`,
  playButtonImageRequired: 'Upload an image for the play button.',
  playButtonImageInvalid: 'The play button image must be an uploaded image or an https:// address.',
  statusRequired: 'Wheel status is required.',
  deleted: 'Your wheel Spin has been deleted.',
  deleteFailed: 'Error in deleting wheel Spin',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email',
  alreadySpun: 'You have already spun this wheel.',
  /** A slice with unique discount codes whose codes are still being made (issue 16). */
  prizePending: 'Your discount code is being prepared. Check again in a moment.',
  showPrizeCode: 'Show my code',
  copyPrizeCode: 'Copy code',
  /** In a Shopify storefront: the store's discount link puts the code on the visitor's cart. */
  applyPrizeCode: 'Apply code to your cart',
  prizeCodeCopied: 'Copied to your clipboard',
  prizeValidUntil: (date: string) => `Valid until ${date}`,
  /** The owner's spins list: a winner of unique codes who spun while the pool was empty. */
  prizeCodeWaiting: 'Waiting for a code',
  prizeCodeWaitingHint:
    'No code was left when they spun. They get one when they select Show my code or spin again with this email.',
  unavailable: 'This wheel is not available.',
  emptyList: "You don't have any data currently, let's get started by creating your first wheel spin",
  buildButton: 'Build Your Wheel Spin',
  shareTitle: 'Your Wheel Spinner Is Ready',
} as const;

export const wheelSpinColumns = ['Id', 'Email', 'Result', 'Play Date'] as const;
/** The spec's three, then the prize code (static or unique) and the optional phone (E.164), so the spec's keep their places. */
export const wheelSpinExportColumns = {
  email: 'Player Email',
  result: 'Spin Result',
  date: 'Date of Spin',
  prizeCode: 'Prize Code',
  phone: 'Player Phone',
  language: 'Language',
} as const;

/**
 * The option a uniform number `unit` in [0, 1) lands on when each option's chance is its weight over
 * the sum: every option with a positive weight can win (the spec's last-option bug is not copied).
 * The server draws with a cryptographic source; the builder's preview may pass Math.random().
 */
export function pickWeightedIndex(weights: readonly number[], unit: number): number {
  const total = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
  if (weights.length === 0 || total <= 0) throw new Error('pickWeightedIndex needs a positive weight');
  const target = unit * total;
  let reached = 0;
  let last = 0;
  for (const [index, weight] of weights.entries()) {
    if (weight <= 0) continue;
    reached += weight;
    last = index;
    if (target < reached) return index;
  }
  // Only rounding can get here (unit just below 1): the last option that can win takes it.
  return last;
}

// ---------------------------------------------------------------------------------------------
// Dates in tables and exports

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 3, 2026 14:05', in UTC: the date format of the submissions tables and exports. */
export function formatSubmissionDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** The same format for spreadsheet cells (Excel number format; the cell holds the real date). */
export const spreadsheetDateFormat = 'mmm d, yyyy hh:mm';

// ---------------------------------------------------------------------------------------------
// Help under the owner forms' switches: each shows what the switch's current state does.

export const engagementSwitchHelp = {
  pollEmail: {
    on: 'On: voters enter their email, and the vote counts once it is given.',
    off: 'Off: anyone can vote without giving an email.',
  },
  pollRepeatVotes: {
    on: 'On: one email can vote more than once.',
    off: `Off: one vote per email; another vote with it is refused with '${pollMessages.alreadyVoted}'`,
  },
  pollColors: {
    on: 'On: the poll uses the background and text colours below.',
    off: 'Off: purple buttons with white text.',
  },
  feedbackColor: {
    on: 'On: the widget uses the theme colour below.',
    off: "Off: the widget's own colours.",
  },
  feedbackEmail: {
    on: 'On: visitors enter their email, and the feedback is sent once it is given.',
    off: 'Off: visitors send feedback without giving an email.',
  },
  wheelRepeatSpins: {
    on: 'On: the same email can spin again, and each spin draws a new result.',
    off: 'Off: one spin per email; a second try shows the first result.',
  },
  wheelEmail: {
    on: 'On: players enter their email, and the wheel spins once it is given.',
    off: 'Off: anyone can spin without giving an email.',
  },
} as const;
