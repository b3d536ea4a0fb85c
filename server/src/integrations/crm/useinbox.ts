import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CrmCall, previewCall, stringAt, type CallAnswer, type CrmRequest } from './crmHttp.ts';
import type { CrmProvider, DeliveryOutcome, Exchange, Lead } from './crmProvider.ts';

/**
 * UseInbox (INBOX, useinbox.com), reference crm-webhooks-payments.md A9. Every marketing call needs a
 * Bearer token made from the account's username and password: `POST https://useapi.useinbox.com/token`
 * `{"EmailAddress","Password"}` answers `{resultObject:{access_token, token_type, refresh_token}}`.
 * The token is kept in memory per account and made again once when a call answers 401. The contact is
 * added with `POST /inbox/v1/contactlists/{contactListId}/add` `{"email"}` and
 * `Authorization: <token_type> <access_token>`. Answers are the envelope `{resultCode, resultMessage,
 * resultObject, resultStatus, version}`; `resultStatus: false` is a refusal, with resultMessage for the
 * owner. There is no name field (custom fields are keyed by customFieldId, which the settings do not
 * carry) and no tags. The tokens are redacted from the exchange like the password.
 */
export const useinboxSettings = z.object({
  username: z.string().trim().min(1, 'Enter your INBOX account email address'),
  password: z.string().min(1, 'Enter your INBOX account password'),
  /** The contact list id. */
  campaignid: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, 'Enter the INBOX contact list id'),
});
export type UseinboxSettings = z.infer<typeof useinboxSettings>;

export const useinboxApi = 'https://useapi.useinbox.com';

interface Token {
  authorization: string;
  secrets: string[];
}

/** Tokens by account (username and a hash of the password), so a changed password makes a new one. */
const tokens = new Map<string, Token>();

/** Forgets every kept token (tests). */
export function forgetUseinboxTokens(): void {
  tokens.clear();
}

function accountKey(settings: UseinboxSettings): string {
  return `${settings.username.toLowerCase()}\n${createHash('sha256').update(settings.password).digest('hex')}`;
}

function messageOf(answer: CallAnswer): string | undefined {
  return stringAt(answer.json, 'resultMessage');
}

function refused(answer: CallAnswer): boolean {
  const status = (answer.json as { resultStatus?: unknown } | undefined)?.resultStatus;
  return status === false;
}

/** Replaces the tokens in every recorded request and response (they are issued mid-delivery). */
function scrub(exchange: Exchange[], secrets: string[]): void {
  const clean = (text: string) => secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
  for (const entry of exchange) {
    entry.request.body = clean(entry.request.body);
    for (const name of Object.keys(entry.request.headers)) entry.request.headers[name] = clean(entry.request.headers[name]!);
    if (entry.response) {
      entry.response.body = clean(entry.response.body);
      for (const name of Object.keys(entry.response.headers)) entry.response.headers[name] = clean(entry.response.headers[name]!);
    }
  }
}

/** The request that carries the lead: the email's add to the contact list, with the signed-in token. */
function addRequest(lead: Lead, settings: UseinboxSettings, authorization: string): CrmRequest {
  return {
    method: 'POST',
    url: `${useinboxApi}/inbox/v1/contactlists/${encodeURIComponent(settings.campaignid)}/add`,
    headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: lead.email }),
  };
}

export const useinbox: CrmProvider<UseinboxSettings> = {
  id: 'useinbox',
  label: 'UseInbox',
  settings: useinboxSettings,
  secretFields: ['password'],
  async upsertContact(lead, settings, fetch): Promise<DeliveryOutcome> {
    const crm = new CrmCall(fetch, [settings.password]);
    const issued: string[] = [];
    const finish = (outcome: DeliveryOutcome): DeliveryOutcome => {
      scrub(crm.exchange, issued);
      if (!outcome.ok) outcome.message = issued.reduce((out, secret) => out.split(secret).join('[redacted]'), outcome.message);
      return outcome;
    };
    const key = accountKey(settings);

    const login = async (): Promise<Token | DeliveryOutcome> => {
      const sent = await crm.send('POST', `${useinboxApi}/token`, {
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ EmailAddress: settings.username, Password: settings.password }),
        messageOf,
      });
      if (!sent.ok) return sent.outcome;
      const result = (sent.answer.json as { resultObject?: unknown } | undefined)?.resultObject;
      const accessToken = stringAt(result, 'access_token');
      if (refused(sent.answer) || !accessToken) {
        return crm.fail(false, `INBOX refused the sign-in: ${messageOf(sent.answer) ?? `HTTP ${sent.answer.status}`}`);
      }
      const token: Token = {
        authorization: `${stringAt(result, 'token_type') ?? 'Bearer'} ${accessToken}`,
        secrets: [accessToken, stringAt(result, 'refresh_token') ?? ''].filter(Boolean),
      };
      tokens.set(key, token);
      return token;
    };

    let token = tokens.get(key);
    const fromCache = Boolean(token);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (!token) {
        const made = await login();
        if ('ok' in made) return finish(made);
        token = made;
      }
      issued.push(...token.secrets);
      const request = addRequest(lead, settings, token.authorization);
      const sent = await crm.send(request.method, request.url, {
        ...request,
        accept: (status) => (status >= 200 && status < 300) || (status === 401 && fromCache && attempt === 0),
        messageOf,
      });
      if (!sent.ok) return finish(sent.outcome);
      if (sent.answer.status === 401) {
        tokens.delete(key);
        token = undefined;
        continue;
      }
      if (refused(sent.answer)) {
        return finish(crm.fail(false, `INBOX refused the contact: ${messageOf(sent.answer) ?? `HTTP ${sent.answer.status}`}`));
      }
      return finish(crm.done());
    }
    return finish(crm.fail(true, 'INBOX kept refusing a fresh token'));
  },
  async preview(lead, settings) {
    // The sign-in (POST /token) carries no lead; its token, issued per account, is a secret the preview never shows.
    const request = addRequest(lead, settings, 'Bearer {access token}');
    return [previewCall([settings.password]).describe('Add the email to the contact list', request)];
  },
};
