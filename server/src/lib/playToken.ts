import { jwtVerify, SignJWT } from 'jose';

export interface PlayClaims {
  playId: string;
  quizId: string;
}

const audience = 'quizlead-play';

/** A play token ties the steps of one play together (start → answers → lead); it lasts a day. */
export async function signPlayToken(secret: string, claims: PlayClaims): Promise<string> {
  return new SignJWT({ quiz: claims.quizId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.playId)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('24h')
    .sign(new TextEncoder().encode(secret));
}

export async function verifyPlayToken(secret: string, token: string): Promise<PlayClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'], audience });
    return typeof payload.sub === 'string' && typeof payload.quiz === 'string'
      ? { playId: payload.sub, quizId: payload.quiz }
      : undefined;
  } catch {
    return undefined;
  }
}
