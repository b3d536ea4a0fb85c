/**
 * The English the server and the shared modules answer visitors with (validation errors, a vote's thanks,
 * the defaults a quiz is created with) is the English catalogue's, word for word: the public pages show
 * such a message in the visitor's language by finding it in the catalogue (`localizeMessage`), and an
 * owner text left at its default by its key (`ownerText`). The modules keep their own copy so the admin
 * bundles do not carry the catalogue; this keeps the two the same.
 */
import { describe, expect, it } from 'vitest';
import { feedbackMessages, pollMessages, wheelDefaults, wheelMessages } from '../engagement.ts';
import { playMessages } from '../playMessages.ts';
import { quizDefaults } from '../quizzes.ts';
import { shareMessages } from '../sharing.ts';
import { shopifyStorefrontMessages } from '../shopify.ts';
import { messages } from '../validations.ts';
import en from './catalogue/en.ts';
import type { CatalogueKey } from './catalogue/types.ts';

const pairs: [string, string, CatalogueKey][] = [
  ['playMessages.notFound', playMessages.notFound, 'player.notFound'],
  ['playMessages.loading', playMessages.loading, 'player.loading'],
  ['playMessages.generating', playMessages.generating, 'player.generating'],
  ['playMessages.saving', playMessages.saving, 'player.saving'],
  ['playMessages.leadThanks', playMessages.leadThanks, 'lead.thanks'],
  ['playMessages.processing', playMessages.processing, 'player.processing'],
  ['playMessages.nameRequired', playMessages.nameRequired, 'lead.nameRequired'],
  ['playMessages.emailRequired', playMessages.emailRequired, 'lead.emailRequired'],
  ['playMessages.emailInvalid', playMessages.emailInvalid, 'lead.emailInvalid'],
  ['playMessages.customFormIncomplete', playMessages.customFormIncomplete, 'lead.customFormIncomplete'],
  ['playMessages.customFormCheckbox', playMessages.customFormCheckbox, 'lead.customFormCheckbox'],
  ['playMessages.createYourFreeQuiz', playMessages.createYourFreeQuiz, 'player.createYourFreeQuiz'],
  ['playMessages.playTokenInvalid', playMessages.playTokenInvalid, 'player.playTokenInvalid'],
  ['playMessages.unknownQuestion', playMessages.unknownQuestion, 'player.unknownQuestion'],
  ['playMessages.unknownAnswer', playMessages.unknownAnswer, 'player.unknownAnswer'],
  ['playMessages.tooManyPicks', playMessages.tooManyPicks, 'player.tooManyPicks'],
  ['playMessages.phoneInvalid', playMessages.phoneInvalid, 'lead.phoneInvalid'],
  ['playMessages.consentRequired', playMessages.consentRequired, 'lead.consentRequired'],
  ['playMessages.answersFirst', playMessages.answersFirst, 'player.answersFirst'],
  ['playMessages.playTaken', playMessages.playTaken, 'player.playTaken'],
  ['playMessages.productsHeading', playMessages.productsHeading, 'products.heading'],
  ['playMessages.addToCart', playMessages.addToCart, 'products.addToCart'],
  ['playMessages.addingToCart', playMessages.addingToCart, 'products.adding'],
  ['playMessages.addedToCart', playMessages.addedToCart, 'products.added'],
  ['playMessages.addToCartFailed', playMessages.addToCartFailed, 'products.addFailed'],
  ['messages.email.localPartNotLatin', messages.email.localPartNotLatin, 'common.emailLocalPartNotLatin'],
  ['pollMessages.unpublished', pollMessages.unpublished, 'poll.unpublished'],
  ['pollMessages.closed', pollMessages.closed, 'poll.closed'],
  ['pollMessages.emailRequired', pollMessages.emailRequired, 'widget.emailRequired'],
  ['pollMessages.emailInvalid', pollMessages.emailInvalid, 'widget.emailInvalid'],
  ['pollMessages.optionInvalid', pollMessages.optionInvalid, 'poll.optionInvalid'],
  ['pollMessages.voted', pollMessages.voted, 'poll.voted'],
  ['pollMessages.alreadyVoted', pollMessages.alreadyVoted, 'poll.alreadyVoted'],
  ['feedbackMessages.valueRequired', feedbackMessages.valueRequired, 'feedback.valueRequired'],
  ['feedbackMessages.emailRequired', feedbackMessages.emailRequired, 'widget.emailRequired'],
  ['feedbackMessages.emailInvalid', feedbackMessages.emailInvalid, 'widget.emailInvalid'],
  ['feedbackMessages.thanks', feedbackMessages.thanks, 'feedback.thanks'],
  ['wheelMessages.emailRequired', wheelMessages.emailRequired, 'wheel.emailRequired'],
  ['wheelMessages.emailInvalid', wheelMessages.emailInvalid, 'wheel.emailInvalid'],
  ['wheelMessages.alreadySpun', wheelMessages.alreadySpun, 'wheel.alreadySpun'],
  ['wheelMessages.unavailable', wheelMessages.unavailable, 'wheel.unavailable'],
  ['wheelMessages.prizePending', wheelMessages.prizePending, 'prize.pending'],
  ['wheelDefaults.playButtonText', wheelDefaults.playButtonText, 'wheel.spin'],
  ['quizDefaults.startButtonText', quizDefaults.startButtonText, 'player.start'],
  ['quizDefaults.publicStartButtonText', quizDefaults.publicStartButtonText, 'player.continue'],
  ['quizDefaults.continueButtonText', quizDefaults.continueButtonText, 'player.continue'],
  ['quizDefaults.offerButtonText', quizDefaults.offerButtonText, 'player.offerButton'],
  ['quizDefaults.retakeText', quizDefaults.retakeText, 'player.retake'],
  ['quizDefaults.socialSharingText', quizDefaults.socialSharingText, 'player.shareLabel'],
  ['quizDefaults.nameFieldText', quizDefaults.nameFieldText, 'lead.name'],
  ['quizDefaults.emailFieldText', quizDefaults.emailFieldText, 'lead.email'],
  ['quizDefaults.phoneFieldText', quizDefaults.phoneFieldText, 'lead.phone'],
  ['quizDefaults.smsConsentText', quizDefaults.smsConsentText, 'lead.smsConsent'],
  ['quizDefaults.emailMessage', quizDefaults.emailMessage, 'lead.prompt'],
  ['quizDefaults.certificateText', quizDefaults.certificateText, 'player.certificate'],
  ['quizDefaults.poweredBy', quizDefaults.poweredBy, 'common.poweredBy'],
  ['shopifyStorefrontMessages.notFound', shopifyStorefrontMessages.notFound, 'proxy.notFound'],
  ['shopifyStorefrontMessages.notSigned', shopifyStorefrontMessages.notSigned, 'proxy.notSigned'],
  ['shopifyStorefrontMessages.backToStore', shopifyStorefrontMessages.backToStore, 'proxy.backToStore'],
  ['shareMessages.shortLinkNotFound', shareMessages.shortLinkNotFound, 'page.shortLinkNotFound'],
  ['shareMessages.shortLinkNotFoundHint', shareMessages.shortLinkNotFoundHint, 'page.shortLinkNotFoundHint'],
];

describe("the server's words for visitors are the English catalogue's", () => {
  it.each(pairs)('%s', (_name, text, key) => {
    expect(text).toBe(en[key]);
  });
});
