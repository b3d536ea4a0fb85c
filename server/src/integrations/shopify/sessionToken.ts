import { jwtVerify } from 'jose';

/**
 * Verifies an App Bridge session token (HS256, signed with the app's secret, audience = API key)
 * and returns the shop's myshopify.com domain it was issued for, or undefined when it is not valid.
 */
export async function verifySessionToken(token: string, app: { apiKey: string; apiSecret: string }): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(app.apiSecret), {
      algorithms: ['HS256'],
      audience: app.apiKey,
      clockTolerance: 5,
    });
    const dest = typeof payload.dest === 'string' ? new URL(payload.dest).hostname : '';
    const iss = typeof payload.iss === 'string' ? new URL(payload.iss).hostname : '';
    // The issuer is the shop's admin (https://{shop}/admin); both must name the same shop.
    if (!dest.endsWith('.myshopify.com') || iss !== dest) return undefined;
    return dest;
  } catch {
    return undefined;
  }
}
