export const productName = 'Quizlead';

export const accountKinds = ['standalone', 'shopify'] as const;
export type AccountKind = (typeof accountKinds)[number];

export const accountModes = ['free', 'paid'] as const;
export type AccountMode = (typeof accountModes)[number];

/**
 * How a user signs in; social users have no password to change. 'shopifyuser' is the spec's
 * store-integration login (spec: account-player-management.md §6): owners of a Shopify shop.
 */
export const userTypes = ['email', 'social', 'shopifyuser'] as const;
export type UserType = (typeof userTypes)[number];

export const csrfHeader = 'x-csrf-token';
export const sessionCookie = 'ql_session';
