import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { configuredSocialProviders, socialProviderDefinitions } from './providers.ts';

describe('social sign-in providers', () => {
  it('a provider is offered only with both of its credentials; one without the other stops start-up', () => {
    expect(configuredSocialProviders(parseEnv({}))).toEqual([]);
    expect(configuredSocialProviders(parseEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }))).toEqual(['google']);
    expect(
      configuredSocialProviders(
        parseEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', FACEBOOK_APP_ID: '1', FACEBOOK_APP_SECRET: 's' }),
      ),
    ).toEqual(['facebook', 'google']);
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET: is required with the other/);
    expect(() => parseEnv({ FACEBOOK_APP_SECRET: 's' })).toThrow(/FACEBOOK_APP_ID: is required with the other/);
  });

  it('reads verified emails the way each provider vouches for them', () => {
    const { google, facebook } = socialProviderDefinitions;
    expect(google.emailVerified({ sub: '1', email: 'a@example.com', email_verified: true })).toBe(true);
    expect(google.emailVerified({ sub: '1', email: 'a@example.com', email_verified: false })).toBe(false);
    // Google sends a boolean; anything else is not a yes.
    expect(google.emailVerified({ sub: '1', email: 'a@example.com', email_verified: 'true' })).toBe(false);
    expect(google.emailVerified({ sub: '1', email: 'a@example.com' })).toBe(false);
    expect(facebook.emailVerified({ sub: '1', email: 'a@example.com' })).toBe(true);
    expect(facebook.emailVerified({ sub: '1' })).toBe(false);
  });
});
