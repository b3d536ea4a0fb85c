import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '@quizlead/shared/i18n/catalogue/ar.ts';
import fr from '@quizlead/shared/i18n/catalogue/fr.ts';
import { translator } from '@quizlead/shared/i18n/translate.ts';
import { resultEmailUnsubscribeTexts } from '@quizlead/shared/resultEmail.ts';
import { resultEmailOptOuts } from '../../db/schema/index.ts';
import { resultEmailUnsubscribeToken, resultEmailUnsubscribeUrl } from '../../integrations/mail/resultEmailUnsubscribe.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';

/**
 * The unsubscribe page of a result email (issue 35) in the language the mail was sent in: the link
 * carries it as `lang`, beside the signed token.
 */

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;
const english = resultEmailUnsubscribeTexts(translator('en', undefined));
const french = resultEmailUnsubscribeTexts(translator('fr', fr));
const arabic = resultEmailUnsubscribeTexts(translator('ar', ar));

const optOuts = async (accountId: string) =>
  (await db().select().from(resultEmailOptOuts).where(eq(resultEmailOptOuts.accountId, accountId))).map((row) => row.email);

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)![0];
const titleOf = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)![1];
const formAction = (html: string) => /<form method="post" action="([^"]+)">/.exec(html)![1]!.replaceAll('&amp;', '&');

async function respondent() {
  const { account } = await createOwner(server);
  return { accountId: account.id, email: 'Zoe.Respondent@Example.com' };
}

describe('/results/unsubscribe in the mail’s language', () => {
  it('asks and answers in French (lang="fr", left to right); the button keeps the language and records the opt-out as before', async () => {
    const claims = await respondent();
    const link = resultEmailUnsubscribeUrl(server.env.APP_URL, server.env.SESSION_SECRET, claims, 'fr');
    expect(new URL(link).searchParams.get('lang')).toBe('fr');

    const asked = await fetch(link, { redirect: 'manual' });
    expect(asked.status).toBe(200);
    const form = await asked.text();
    expect(htmlTag(form)).toBe('<html lang="fr" dir="ltr">');
    expect(titleOf(form)).toBe(escapeHtml(french.unsubscribeConfirmTitle));
    expect(french.unsubscribeConfirmTitle).toContain('Se désabonner');
    expect(form).toContain(escapeHtml(french.unsubscribeConfirm('zoe.respondent@example.com')));
    expect(form).toContain(`<button type="submit">${escapeHtml(french.unsubscribeButton)}</button>`);
    const action = new URL(formAction(form), server.url);
    expect(action.href).toBe(link);
    expect(await optOuts(claims.accountId)).toEqual([]);

    const done = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.status).toBe(200);
    expect(done.headers.get('cache-control')).toBe('no-store');
    const page = await done.text();
    expect(htmlTag(page)).toBe('<html lang="fr" dir="ltr">');
    expect(titleOf(page)).toBe(escapeHtml(french.unsubscribedTitle));
    expect(page).toContain(escapeHtml(french.unsubscribed('zoe.respondent@example.com')));
    expect(await optOuts(claims.accountId)).toEqual(['zoe.respondent@example.com']);
    // Twice is the same.
    expect((await fetch(link, { method: 'POST' })).status).toBe(200);
    expect(await optOuts(claims.accountId)).toEqual(['zoe.respondent@example.com']);
  });

  it('reads right to left in Arabic (lang="ar" dir="rtl"), asking, confirming and refusing a bad token', async () => {
    const claims = await respondent();
    const link = resultEmailUnsubscribeUrl(server.env.APP_URL, server.env.SESSION_SECRET, claims, 'ar');

    const form = await (await fetch(link)).text();
    expect(htmlTag(form)).toBe('<html lang="ar" dir="rtl">');
    expect(titleOf(form)).toBe(escapeHtml(arabic.unsubscribeConfirmTitle));
    expect(arabic.unsubscribeConfirmTitle).toBe('إلغاء الاشتراك في رسائل النتائج؟');
    expect(form).toContain(escapeHtml(arabic.unsubscribeConfirm('zoe.respondent@example.com')));
    expect(new URL(formAction(form), server.url).searchParams.get('lang')).toBe('ar');

    // A mail client's RFC 8058 one-click POST to the List-Unsubscribe address.
    const done = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    const page = await done.text();
    expect(htmlTag(page)).toBe('<html lang="ar" dir="rtl">');
    expect(titleOf(page)).toBe(escapeHtml(arabic.unsubscribedTitle));
    expect(await optOuts(claims.accountId)).toEqual(['zoe.respondent@example.com']);

    const token = resultEmailUnsubscribeToken(server.env.SESSION_SECRET, claims);
    for (const method of ['GET', 'POST']) {
      const refused = await fetch(`${server.url}/results/unsubscribe?token=${encodeURIComponent(token.slice(0, -2))}&lang=ar`, {
        method,
      });
      expect(refused.status, method).toBe(400);
      const invalid = await refused.text();
      expect(htmlTag(invalid)).toBe('<html lang="ar" dir="rtl">');
      expect(titleOf(invalid)).toBe(escapeHtml(arabic.unsubscribeInvalidTitle));
      expect(invalid).toContain(escapeHtml(arabic.unsubscribeInvalid));
    }
  });

  it('speaks English for an unknown, malformed or missing lang, and a forged token records nothing', async () => {
    const claims = await respondent();
    const token = encodeURIComponent(resultEmailUnsubscribeToken(server.env.SESSION_SECRET, claims));
    for (const lang of ['&lang=xx', '&lang=%3Cscript%3E', '&lang=', '&lang=fr&lang=ar', '']) {
      const response = await fetch(`${server.url}/results/unsubscribe?token=${token}${lang}`, {
        headers: { 'accept-language': 'de' },
      });
      expect(response.status, lang).toBe(200);
      const form = await response.text();
      expect(htmlTag(form), lang).toBe('<html lang="en" dir="ltr">');
      expect(titleOf(form), lang).toBe(escapeHtml(english.unsubscribeConfirmTitle));
      expect(new URL(formAction(form), server.url).searchParams.get('lang'), lang).toBe('en');
    }
    // A language tag the catalogues know by another name is matched (pt → pt-BR, iw → he).
    const hebrew = await (await fetch(`${server.url}/results/unsubscribe?token=${token}&lang=iw`)).text();
    expect(htmlTag(hebrew)).toBe('<html lang="he" dir="rtl">');

    const forged = resultEmailUnsubscribeToken('another-secret-another-secret-000000', claims);
    const refused = await fetch(`${server.url}/results/unsubscribe?token=${encodeURIComponent(forged)}&lang=xx`, {
      method: 'POST',
    });
    expect(refused.status).toBe(400);
    const invalid = await refused.text();
    expect(htmlTag(invalid)).toBe('<html lang="en" dir="ltr">');
    expect(titleOf(invalid)).toBe(escapeHtml(english.unsubscribeInvalidTitle));
    expect(await optOuts(claims.accountId)).toEqual([]);
  });
});
