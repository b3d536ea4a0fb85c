import type { ServerMetadata } from 'openid-client';
import { socialProviders, type SocialProvider } from '@quizlead/shared/socialSignIn.ts';
import type { Env } from '../../env.ts';

/** The claims of a provider's ID token that sign-in reads (after openid-client has validated it). */
export interface IdTokenClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
}

/** One OpenID Connect provider: its endpoints, what to ask for and how to read its ID token. */
export interface SocialProviderDefinition {
  id: SocialProvider;
  /**
   * The provider's metadata written out rather than discovered, so start-up never waits on the
   * provider and a changed discovery document cannot move our endpoints.
   */
  server: ServerMetadata;
  scope: string;
  credentials(env: Env): { clientId: string; clientSecret: string } | undefined;
  /** Whether the provider vouches that the person owns `email`: only then may we link or create by it. */
  emailVerified(claims: IdTokenClaims): boolean;
}

/**
 * Google's OpenID Connect endpoints (https://accounts.google.com/.well-known/openid-configuration).
 * The ID token carries sub, email, email_verified and name with scope `openid email profile`.
 */
const google: SocialProviderDefinition = {
  id: 'google',
  server: {
    issuer: 'https://accounts.google.com',
    authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_endpoint: 'https://oauth2.googleapis.com/token',
    jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
    userinfo_endpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
  },
  scope: 'openid email profile',
  credentials: (env) =>
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : undefined,
  emailVerified: (claims) => claims.email_verified === true,
};

/**
 * Facebook Login's OpenID Connect manual flow with PKCE (developers.facebook.com "Manually Build a
 * Login Flow", OIDC token). Its ID token carries sub, email, name and nonce but no email_verified:
 * Facebook only releases an email address its user has confirmed, so an email in the token counts
 * as verified.
 */
const facebook: SocialProviderDefinition = {
  id: 'facebook',
  server: {
    issuer: 'https://www.facebook.com',
    authorization_endpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
    token_endpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
    jwks_uri: 'https://www.facebook.com/.well-known/oauth/openid/jwks/',
    code_challenge_methods_supported: ['S256'],
  },
  scope: 'openid email public_profile',
  credentials: (env) =>
    env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
      ? { clientId: env.FACEBOOK_APP_ID, clientSecret: env.FACEBOOK_APP_SECRET }
      : undefined,
  emailVerified: (claims) => typeof claims.email === 'string' && claims.email !== '',
};

export const socialProviderDefinitions: Record<SocialProvider, SocialProviderDefinition> = { google, facebook };

/** The providers whose credentials are configured: only their buttons show. */
export const configuredSocialProviders = (env: Env): SocialProvider[] =>
  socialProviders.filter((provider) => socialProviderDefinitions[provider].credentials(env) !== undefined);
