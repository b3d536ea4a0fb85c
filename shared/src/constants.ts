export const productName = 'Quizlead';

export const accountKinds = ['standalone', 'shopify'] as const;
export type AccountKind = (typeof accountKinds)[number];

export const accountModes = ['free', 'paid'] as const;
export type AccountMode = (typeof accountModes)[number];

/** How a user signs in; social users have no password to change. */
export const userTypes = ['email', 'social', 'shopify'] as const;
export type UserType = (typeof userTypes)[number];

export const csrfHeader = 'x-csrf-token';
export const sessionCookie = 'ql_session';
