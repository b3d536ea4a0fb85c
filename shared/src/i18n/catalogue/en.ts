/**
 * The product's own words as visitors read them, in English: the source every other catalogue
 * (`{code}.ts` beside it, one per visitor language) is checked against. Keys are stable: a
 * translation is written against them. `{name}` is a placeholder the code fills in (keep it, in any
 * order the language needs); a message given as `{ one, other }` is a plural, chosen with
 * Intl.PluralRules from its `{count}`, and each language gives exactly its own plural categories.
 * Reference: marketing-stack-and-languages.md §D; contracts: issue 34.
 */
import type { Message } from './types.ts';

const en = {
  // Shared by every public page.
  'common.poweredBy': 'Powered By Quizlead',
  /** Title of a box that shows an error the server answered with. */
  'common.serverError': 'Server error',
  'common.serverErrorDetail': 'Server error: {detail}',
  'common.tryAgain': 'Try again',
  'common.notFound': 'Not found',
  /** The check of an email's part before the @ (the part after it may be in any script). */
  'common.emailLocalPartNotLatin': "Use an email address with only Latin letters, digits and . _ % + ' - before the @",

  // The quiz player.
  'player.loading': 'Loading Quiz',
  'player.notFound': 'Something wrong!! we are not able to find the quiz.',
  'player.generating': 'Please wait while we are generating quiz results...',
  'player.saving': 'Please wait while we are saving quiz responses...',
  /** While the browser is sent on to the owner's page after the quiz. */
  'player.processing': 'Processing your responses.',
  /** The page's heading when the quiz has no title. */
  'player.untitled': 'Quiz',
  'player.companyLogo': '{company} logo',
  'player.companyLogoUnnamed': 'Company logo',
  /** Footer link of free accounts, to the product's sign-up. */
  'player.createYourFreeQuiz': 'Create Your Free Quiz',
  /** Read out before the question counter "2 / 5". */
  'player.question': 'Question',
  /** The welcome page's button when the owner left it blank, and the usual default. */
  'player.start': 'Start',
  'player.continue': 'Continue',
  'player.back': 'Back',
  'player.next': 'Next',
  /** A question that takes several answers: how many are picked so far. */
  'player.picked': '{picked} of {needed} picked',
  'player.yourResult': 'Your result',
  /** The result's headline when no outcome matched. */
  'player.noResult': 'No result',
  /** How many of the visitor's answers pointed at a personality. */
  'player.answerCount': { one: '{count} answer', other: '{count} answers' },
  'player.retake': 'Retake This Quiz',
  'player.shareLabel': 'Share it with your family, friends and colleagues',
  /** The share button that opens the visitor's mail program. */
  'player.shareEmail': 'Email',
  'player.certificate': 'This certificate is proudly presented on completion of the quiz.',
  /** The offer box's button when the owner left it blank. */
  'player.offerButton': 'Schedule Now',
  'player.playTokenInvalid': 'This play has expired. Please start the quiz again.',
  'player.playTaken': 'This play was started in another browser. Please start the quiz again.',
  'player.unknownQuestion': 'Unknown question',
  'player.unknownAnswer': 'Unknown answer',
  'player.tooManyPicks': 'Too many answers picked for this question',
  'player.answersFirst': 'Answer the questions first',

  // The lead form (quiz player; the phone fields also in the wheel).
  'lead.prompt': 'Enter your email to receive your results',
  'lead.name': 'Enter your name',
  'lead.email': 'Enter your Email',
  'lead.phone': 'Phone number (optional)',
  /** Legal text of the SMS consent box (US TCPA style); "STOP" is the keyword the visitor texts back. */
  'lead.smsConsent':
    'I agree to receive recurring automated marketing text messages at this number. Consent is not a condition of purchase. Msg & data rates may apply. Reply STOP to unsubscribe.',
  'lead.nameRequired': 'Name is required',
  'lead.emailRequired': 'Email is required',
  'lead.emailInvalid': 'Enter a valid email',
  'lead.phoneInvalid': 'Enter a valid phone number (with the country code if it is from another country)',
  'lead.consentRequired': 'Please accept the privacy policy to continue',
  /** The owner's own HTML form: a field left empty. */
  'lead.customFormIncomplete': 'All fields are required in this form',
  'lead.customFormCheckbox': 'Please select the checkbox before proceeding.',
  /** Accessible name of the frame holding the owner's own form. */
  'lead.formFrame': 'Lead form',
  /** Under the result, once a lead offered after it is saved. */
  'lead.thanks': 'Thank you! Your details are saved.',

  // Recommended products on the result page.
  'products.heading': 'Recommended for you',
  'products.addToCart': 'Add to cart',
  'products.adding': 'Adding…',
  'products.added': 'Added to cart',
  'products.addedNamed': 'Added to cart: {product}',
  'products.addFailed': 'Could not add this to your cart. Please try again.',

  // A won discount code (wheel prize, quiz outcome prize).
  'prize.yourCode': 'Your prize code:',
  'prize.pending': 'Your discount code is being prepared. Check again in a moment.',
  'prize.show': 'Show my code',
  'prize.copy': 'Copy code',
  /** In a Shopify store: a link that puts the code on the shopper's cart. */
  'prize.apply': 'Apply code to your cart',
  'prize.copied': 'Copied to your clipboard',
  'prize.validUntil': 'Valid until {date}',

  // What the poll, web response and wheel pages share.
  'widget.yourEmail': 'Your email',
  /** Example address in the email field; may be localised (e.g. a local example domain). */
  'widget.emailPlaceholder': 'name@example.com',
  'widget.emailRequired': 'Email is required.',
  'widget.emailInvalid': 'Please enter valid email.',

  // The poll.
  'poll.loading': 'Loading..',
  'poll.heading': 'Poll',
  'poll.options': 'Poll options',
  'poll.unpublished': 'Poll Unpublished',
  'poll.closed': 'This poll is closed.',
  'poll.yourChoice': 'Your choice',
  'poll.vote': 'Vote',
  'poll.voting': 'Voting…',
  /** Back to the options, to pick another. */
  'poll.change': 'Change',
  'poll.yourVote': 'Your vote',
  'poll.voteCount': { one: '{count} vote', other: '{count} votes' },
  'poll.total': 'Total votes',
  'poll.voted': 'Thank you for voting.',
  'poll.alreadyVoted': 'You have already voted in this poll.',
  'poll.optionInvalid': 'Choose one of the poll options.',

  // The web response (feedback) widget.
  'feedback.loading': 'Loading Data...',
  'feedback.heading': 'Feedback',
  'feedback.valueRequired': 'Feedback can not be empty.',
  'feedback.thanks': 'Thanks for your feedback.',
  'feedback.send': 'Send',
  'feedback.sending': 'Sending…',
  /** The five faces a visitor can pick, worst to best. */
  'feedback.angry': 'Angry',
  'feedback.worried': 'Worried',
  'feedback.neutral': 'Neutral',
  'feedback.happy': 'Happy',
  'feedback.delighted': 'Delighted',
  'feedback.thumbsUp': 'Thumbs up',
  'feedback.thumbsDown': 'Thumbs down',
  /** A star rating's name for screen readers: "3 stars". */
  'feedback.stars': { one: '{count} star', other: '{count} stars' },

  // The spin-to-win wheel.
  'wheel.loading': 'Loading..',
  'wheel.heading': 'Wheel',
  'wheel.unavailable': 'This wheel is not available.',
  /** The play button when the owner left it blank. */
  'wheel.spin': 'Spin',
  'wheel.spinning': 'Spinning…',
  /** The wheel's name for screen readers: how many options and what they are ("Tea, Coffee, Cake"). */
  'wheel.disc': { one: 'Wheel with {count} option: {options}', other: 'Wheel with {count} options: {options}' },
  'wheel.yourResult': 'Your result',
  'wheel.alreadySpun': 'You have already spun this wheel.',
  'wheel.emailRequired': 'Please enter your email',
  'wheel.emailInvalid': 'Please enter a valid email',

  // The embed script's pop-up and slide-in on the host page.
  /** Accessible name of the × button that closes the pop-up. */
  'embed.close': 'Close',

  // Pages the server writes: the Shopify storefront (app proxy) pages and the short link page.
  'proxy.notFound': 'This page is not available.',
  'proxy.notSigned': 'This page could not be opened. Reload it, or go back to the store and try again.',
  'proxy.backToStore': 'Back to the store',
  'page.shortLinkNotFound': 'This link does not lead to a quiz.',
  'page.shortLinkNotFoundHint': 'It may have been mistyped, or the quiz was deleted or unpublished.',
  /** Label before the web address that led nowhere. */
  'page.address': 'Address',

  // The result email a respondent gets (issue 35): the lead form's opt-in and the mail's built-in words.
  /** The optional lead form checkbox, shown when the owner sends result emails. */
  'resultEmail.optIn': 'Email me my result',
  'resultEmail.defaultSubject': 'Your result: {result}',
  'resultEmail.defaultBody': 'Hi {name},\n\nthank you for taking part. Your result: {result}\n\n{products}\n\n{prize_code}',
  'resultEmail.view': 'View',
  'resultEmail.expires': 'Valid until {date}',
  'resultEmail.unsubscribe': 'Unsubscribe',
  'resultEmail.prizeCode': 'Your code: {code}',
  // The page of the mail's unsubscribe link (server/src/routes/public/resultEmailUnsubscribe.ts).
  'resultEmail.unsubscribeConfirmTitle': 'Unsubscribe from result emails?',
  'resultEmail.unsubscribeConfirm': '{email} will no longer get result emails from this sender.',
  /** The page's button that records the wish (the mail's link is `resultEmail.unsubscribe`). */
  'resultEmail.unsubscribeButton': 'Unsubscribe',
  'resultEmail.unsubscribedTitle': 'You are unsubscribed',
  'resultEmail.unsubscribed': 'You will no longer receive result emails from this sender at {email}.',
  'resultEmail.unsubscribeInvalidTitle': 'This unsubscribe link is not valid',
  'resultEmail.unsubscribeInvalid': 'The link may have been cut short by your mail program. Use the link in a newer email.',
} as const satisfies Record<string, Message>;

export default en;
