/**
 * What visitors read in the quiz player (the spec's texts). Kept apart from the zod schemas so the
 * player bundle can import them without zod.
 */
export const playMessages = {
  notFound: 'Something wrong!! we are not able to find the quiz.',
  loading: 'Loading Quiz',
  generating: 'Please wait while we are generating quiz results...',
  saving: 'Please wait while we are saving quiz responses...',
  /** Under the result, once a lead offered after it is saved. */
  leadThanks: 'Thank you! Your details are saved.',
  processing: 'Processing your responses.',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email',
  customFormIncomplete: 'All fields are required in this form',
  customFormCheckbox: 'Please select the checkbox before proceeding.',
  createYourFreeQuiz: 'Create Your Free Quiz',
  playTokenInvalid: 'This play has expired. Please start the quiz again.',
  unknownQuestion: 'Unknown question',
  unknownAnswer: 'Unknown answer',
  tooManyPicks: 'Too many answers picked for this question',
  phoneInvalid: 'Enter a valid phone number (with the country code if it is from another country)',
  consentRequired: 'Please accept the privacy policy to continue',
  answersFirst: 'Answer the questions first',
  playTaken: 'This play was started in another browser. Please start the quiz again.',
  // The result's recommended products (issue 16).
  productsHeading: 'Recommended for you',
  addToCart: 'Add to cart',
  addingToCart: 'Adding…',
  addedToCart: 'Added to cart',
  addToCartFailed: 'Could not add this to your cart. Please try again.',
} as const;
