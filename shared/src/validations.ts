/**
 * Limits and user-facing messages, defined once. zod schemas, the server and the UI
 * import them from here; tests assert against them. Texts come from the spec, with its
 * plain misspellings corrected (see docs/decisions/018-spec-texts-in-one-module-misspellings-corrected.md).
 */

export const limits = {
  fullName: 100,
  email: 254,
  passwordMin: 8,
  passwordMax: 128,
  companyName: 120,
  companyUrl: 2048,
  signupTokenLength: 6,
  /** Sign-up verification tokens live this long. */
  signupTokenMinutes: 30,
  /** Password reset links live this long. */
  resetTokenMinutes: 60,
  /** Sessions expire after this many days without use. */
  sessionDays: 30,
  logoBytes: 1024 * 1024,
  logoTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const,
  /** The logo is shown at this size (px) on the player and in the account page. */
  logoSize: 50,
  /** An image field's url (an upload's path or an https address). */
  imageUrl: 2048,
  /** JSON nested deeper than this is refused: no form of the app comes near it. */
  requestDepth: 32,
} as const;

export const messages = {
  auth: {
    fullNameEmpty: 'Full Name cannot be empty',
    invalidEmail: 'Invalid Email Format',
    emailRequired: 'Email is required',
    passwordRequired: 'Password is required',
    passwordTooShort: `Password must be at least ${limits.passwordMin} characters`,
    passwordTooLong: `Password must be at most ${limits.passwordMax} characters`,
    companyNameEmpty: 'Company name cannot be empty',
    tokenRequired: 'Verification token is required',
    tokenInvalid: 'The verification token is invalid or has expired. Press Send Again for a new one.',
    tokenSent: 'We have sent a verification token to your email.',
    loginFailed: 'Invalid email or password',
    disabled: 'This account has been disabled. Please contact support.',
    loginErrorTitle: 'Login Error',
    forgotNotice: 'We have received your request. If your email is registered with us, we will send details.',
    resetInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
    resetDone: 'Your password has been reset. Please sign in with your new password.',
    signedOut: 'You have been signed out.',
    sessionExpired: 'Your session has expired. Please sign in again.',
    tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
    passwordBlank: 'Password cannot be only spaces',
    passwordRepeated: 'Password cannot be one character repeated',
    passwordCommon: 'This password is too common and easy to guess. Please choose another one.',
    passwordHasEmail: 'Password cannot contain the name part of your email address',
  },
  account: {
    validationErrorTitle: 'Validation Error',
    currentPasswordRequired: 'Current password is required',
    currentPasswordWrong: 'Current password is incorrect',
    newPasswordEmpty: 'New password cannot be null or empty',
    passwordsDiffer: 'New password and confirm password did not match',
    passwordUpdated: 'Password updated successfully!!',
    profileUpdated: 'Profile updated successfully',
    imageUploaded: 'Image uploaded successfully',
    imageDeleted: 'Image deleted successfully',
    uploadErrorTitle: 'File Upload Error',
    uploadError: 'Error in File upload!!',
    logoType: 'The logo must be a PNG, JPEG, GIF or WebP image',
    logoSize: `The logo must be at most ${limits.logoBytes / 1024 / 1024} MB`,
    companyUrlInvalid: 'Enter a valid company url',
  },
  /** Image fields of quizzes, wheels and the account (schemas/common.ts ZImageRef). */
  images: {
    invalid: 'Images must be uploaded images or https:// addresses.',
    /** Another account's upload, or one deleted since. */
    notOwn: 'This image is not among your uploads. Upload it again.',
  },
  /** Text the server takes as one line: names of people and companies (schemas/common.ts ZSingleLine). */
  text: {
    singleLine: (label: string) => `${label} cannot contain line breaks or other control characters`,
  },
  /** Every email field (shared/src/email.ts): a domain in any script is taken, the part before the @ is not. */
  email: {
    localPartNotLatin: "Use an email address with only Latin letters, digits and . _ % + ' - before the @",
  },
  request: {
    nulCharacter: 'Text cannot contain NUL characters (\\u0000)',
    loneSurrogate: 'Text cannot contain unpaired UTF-16 surrogates',
    tooDeep: `The request is nested more than ${limits.requestDepth} levels deep`,
    badContentEncoding: 'The request body could not be decoded as its Content-Encoding says',
    unsupportedContentEncoding: 'Unsupported Content-Encoding: send the body uncompressed, or as gzip, deflate or br',
  },
  generic: {
    serverErrorPrefix: 'Server error: ',
    notFound: 'Not found',
    unauthorized: 'Please sign in to continue',
    csrf: 'Your session token is missing or stale. Please reload the page.',
    internal: 'Something went wrong on our side. Please try again.',
  },
} as const;
