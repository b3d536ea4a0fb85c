import { randomInt } from 'node:crypto';
import { shareLimits } from '@quizlead/shared/sharing.ts';
import type { Db } from '../db/client.ts';
import { shortCodeOf } from '../db/queries/shortLinks.ts';
import { shortLinks } from '../db/schema/index.ts';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random base62 code of shareLimits.shortCodeLength characters (62^7 ≈ 3.5e12 codes). */
function randomShortCode(): string {
  let code = '';
  for (let index = 0; index < shareLimits.shortCodeLength; index++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/**
 * The quiz's one short code, made on first ask. Concurrent asks race on the unique indexes: an insert
 * that loses (the quiz got its code meanwhile, or the random code is taken) inserts nothing, and the
 * code is read again; a taken code is retried with a new one (`makeCode` draws them: random base62).
 */
export async function shortLinkCreator(
  deps: { db: Db; makeCode?: () => string },
  input: { accountId: string; quizId: string },
): Promise<string> {
  const { db } = deps;
  const { accountId, quizId } = input;
  const makeCode = deps.makeCode ?? randomShortCode;
  const existing = await shortCodeOf(db, accountId, quizId);
  if (existing) return existing;
  for (let attempt = 0; attempt < 8; attempt++) {
    const [inserted] = await db
      .insert(shortLinks)
      .values({ code: makeCode(), quizId, accountId })
      .onConflictDoNothing()
      .returning({ code: shortLinks.code });
    if (inserted) return inserted.code;
    const raced = await shortCodeOf(db, accountId, quizId);
    if (raced) return raced;
  }
  throw new Error('no free short-link code after 8 attempts');
}
