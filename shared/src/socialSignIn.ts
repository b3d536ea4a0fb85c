/** Sign-in with Facebook or Google (spec: account-player-management.md §6, usertype fbuser). */
export const socialProviders = ['facebook', 'google'] as const;
export type SocialProvider = (typeof socialProviders)[number];

export const socialProviderNames: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google' };

export const socialSignInMessages = {
  failedTitle: 'Login failed',
  failed: 'There was an error logging in. Please try again!!',
} as const;

/** Which page the button was pressed on; both sign in an existing user and create a new one. */
export const socialSignInIntents = ['signin', 'signup'] as const;
export type SocialSignInIntent = (typeof socialSignInIntents)[number];

/**
 * The sign-in page's address after a failed social sign-in: `/index.html?social=failed` shows
 * 'Login failed' (the page then drops the flag from the address).
 */
export const socialSignInFailedParam = { name: 'social', value: 'failed' } as const;

/** Where a "Continue with …" button goes: the server's redirect to the provider. */
export function socialSignInStartPath(provider: SocialProvider, intent: SocialSignInIntent, ref?: string): string {
  const query = new URLSearchParams({ intent });
  if (ref) query.set('ref', ref);
  return `/auth/${provider}/start?${query}`;
}

/** Where the provider sends the browser back (the redirect URI registered with Google and Facebook). */
export const socialSignInCallbackPath = (provider: SocialProvider) => `/auth/${provider}/callback`;
