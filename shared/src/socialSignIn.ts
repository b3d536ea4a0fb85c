/** Sign-in with Facebook or Google (account-player-management.md §6, usertype fbuser). */
export const socialProviders = ['facebook', 'google'] as const;
export type SocialProvider = (typeof socialProviders)[number];

export const socialProviderNames: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google' };

export const socialSignInMessages = {
  failedTitle: 'Login failed',
  failed: 'There was an error logging in. Please try again!!',
} as const;
