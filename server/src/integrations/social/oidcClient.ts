import * as oidc from 'openid-client';
import type { SocialProvider } from '@quizlead/shared/socialSignIn.ts';
import { socialSignInCallbackPath } from '@quizlead/shared/socialSignIn.ts';
import type { Env } from '../../env.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { socialProviderDefinitions, type IdTokenClaims, type SocialProviderDefinition } from './providers.ts';

/** What one authorization request committed to; kept in the flow cookie until the provider sends the browser back. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  /** The PKCE code verifier; only its S256 challenge goes to the provider. */
  codeVerifier: string;
}

/** The person the provider vouched for, from a validated ID token. */
export interface SocialProfile {
  provider: SocialProvider;
  /** The provider's stable id for the person (`sub`). */
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string;
}

/**
 * One provider through openid-client: builds the authorization URL (code flow, PKCE S256, state,
 * nonce) and redeems the code, validating the ID token (issuer, audience, expiry, nonce, and its
 * RS256 signature against the provider's JWKS). Every call goes out through externalFetch, so tests
 * and development reach the local fakes.
 */
export class OidcSignInClient {
  readonly provider: SocialProviderDefinition;
  readonly redirectUri: string;
  readonly #config: oidc.Configuration;

  constructor(provider: SocialProviderDefinition, credentials: { clientId: string; clientSecret: string }, appUrl: string) {
    this.provider = provider;
    this.redirectUri = `${appUrl}${socialSignInCallbackPath(provider.id)}`;
    this.#config = new oidc.Configuration(
      provider.server,
      credentials.clientId,
      { redirect_uris: [this.redirectUri], response_types: ['code'] },
      oidc.ClientSecretPost(credentials.clientSecret),
    );
    this.#config[oidc.customFetch] = (url, options) => externalFetch(url, options);
    // The token endpoint is reached over TLS, which would let us skip the signature; checking it too
    // means a token-endpoint stand-in cannot mint identities (and the JWKS is fetched through the seam).
    oidc.enableNonRepudiationChecks(this.#config);
  }

  static randomChecks(): AuthorizationChecks {
    return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  }

  async authorizationUrl(checks: AuthorizationChecks): Promise<URL> {
    return oidc.buildAuthorizationUrl(this.#config, {
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: this.provider.scope,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /**
   * Redeems the code in `query` (the callback's query string). Throws when the provider answered an
   * error, the state or nonce does not match, the provider refuses the code or verifier, or the ID
   * token does not validate.
   */
  async profile(query: string, checks: AuthorizationChecks): Promise<SocialProfile> {
    const currentUrl = new URL(this.redirectUri);
    currentUrl.search = query;
    const tokens = await oidc.authorizationCodeGrant(this.#config, currentUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims() as IdTokenClaims | undefined;
    if (!claims) throw new Error('the token response has no ID token');
    const email = typeof claims.email === 'string' && claims.email.trim() !== '' ? claims.email.trim() : undefined;
    return {
      provider: this.provider.id,
      subject: claims.sub,
      email,
      emailVerified: email !== undefined && this.provider.emailVerified(claims),
      name: typeof claims.name === 'string' ? claims.name.trim() : '',
    };
  }
}

/** A client for each configured provider, made once: openid-client keeps each provider's JWKS cached. */
export function oidcSignInClients(env: Env & { APP_URL: string }): Partial<Record<SocialProvider, OidcSignInClient>> {
  const clients: Partial<Record<SocialProvider, OidcSignInClient>> = {};
  for (const definition of Object.values(socialProviderDefinitions)) {
    const credentials = definition.credentials(env);
    if (credentials) clients[definition.id] = new OidcSignInClient(definition, credentials, env.APP_URL);
  }
  return clients;
}
