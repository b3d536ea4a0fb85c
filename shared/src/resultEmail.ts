/**
 * The result email a respondent gets (issue 35, "A reply they keep"): the owner's subject and body with
 * placeholders, around the built-in words of the visitor's language. One renderer, isomorphic and
 * dependency-free: the server sends what it makes (integrations/destinations/resultEmailDestination.ts)
 * and the builder's live preview shows the same output in the browser.
 */
import type { Translate } from './i18n/translate.ts';

/** The placeholders the owner may write, as the editor lists them. */
export const resultEmailPlaceholders = {
  quiz: ['{name}', '{result}', '{score}', '{personality}', '{products}', '{prize_code}'],
  wheel: ['{name}', '{result}', '{prize_code}'],
} as const;

export const resultEmailTexts = {
  quizSwitch: 'Email respondents their result',
  quizSwitchHelp:
    'Sent to visitors who leave their email and tick the consent box or "Email me my result" (shown in the lead form when this is on). Each email has a one-click unsubscribe.',
  wheelSwitch: 'Email the prize',
  wheelSwitchHelp:
    'Sent to visitors who tick "Email me my result" in the form before the spin (shown when this is on), with the prize and its code. Each email has a one-click unsubscribe.',
  subject: 'Subject',
  body: 'Body',
  subjectHelp: 'Leave empty for the default, in the visitor’s language.',
  bodyHelp: (placeholders: readonly string[]) =>
    `Placeholders: ${placeholders.join(', ')}. Leave empty for the default, in the visitor’s language.`,
  preview: 'Preview',
  previewFrame: 'Result email preview',
  previewSample: 'Shown with a sample respondent.',
} as const;

/** A product the result recommended, as the mail shows it. */
export interface ResultEmailProduct {
  title: string;
  url: string;
  image?: string | null | undefined;
  price?: string | null | undefined;
}

/** What a respondent got, filled into the placeholders. */
export interface ResultEmailData {
  name: string;
  result: string;
  score?: string | undefined;
  personality?: string | undefined;
  products: readonly ResultEmailProduct[];
  prize?: { code: string; expiresAt: string | null } | undefined;
}

export interface ResultEmailInput {
  /** The owner's subject and body; '' for the built-in default in the visitor's language. */
  subject: string;
  body: string;
  data: ResultEmailData;
  /** The visitor catalogue's translator in the play's language. */
  t: Translate;
  language: string;
  unsubscribeUrl: string;
  /** Free accounts' footer ('Powered By …' and where it leads); null for paid accounts. */
  poweredBy: { text: string; url: string | null } | null;
}

export interface RenderedResultEmail {
  subject: string;
  text: string;
  html: string;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeMailHtml = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char]!);

/** Only an absolute http(s) address is a link or an image; anything else (javascript:, data:) is left out. */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const placeholder = /\{(name|result|score|personality|products|prize_code)\}/g;
type PlaceholderName = 'name' | 'result' | 'score' | 'personality' | 'products' | 'prize_code';

function expiryDate(expiresAt: string, language: string): string {
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime())) return expiresAt;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

/** The subject, text and HTML of one respondent's result email. */
export function renderResultEmail(input: ResultEmailInput): RenderedResultEmail {
  const { data, t, language } = input;
  const subjectSource = input.subject.trim() || t('resultEmail.defaultSubject');
  const bodySource = input.body.trim() || t('resultEmail.defaultBody');
  const prizeLines = data.prize
    ? [
        t('resultEmail.prizeCode', { code: data.prize.code }),
        ...(data.prize.expiresAt ? [t('resultEmail.expires', { date: expiryDate(data.prize.expiresAt, language) })] : []),
      ]
    : [];
  const products = data.products.map((product) => ({
    ...product,
    url: safeHttpUrl(product.url),
    image: safeHttpUrl(product.image),
  }));

  const plain: Record<PlaceholderName, string> = {
    name: data.name,
    result: data.result,
    score: data.score ?? '',
    personality: data.personality ?? '',
    products: products.map((product) => [product.title, product.price, product.url].filter(Boolean).join(' · ')).join('\n'),
    prize_code: prizeLines.join('\n'),
  };
  // A placeholder with nothing to show (no products, no code) leaves no run of empty lines behind.
  const tidy = (text: string) => text.replace(/[ \t]*(\r?\n[ \t]*){3,}/g, '\n\n').trim();
  const fillText = (source: string) => tidy(source.replace(placeholder, (_, name: PlaceholderName) => plain[name]));

  const productHtml = products
    .map((product) => {
      const image = product.image
        ? `<img src="${escapeMailHtml(product.image)}" alt="" width="96" height="96" style="display:block;width:96px;height:96px;object-fit:cover;border-radius:6px">`
        : '';
      const title = escapeMailHtml(product.title);
      const view = product.url
        ? `<a href="${escapeMailHtml(product.url)}" style="color:#1a56db">${escapeMailHtml(t('resultEmail.view'))}</a>`
        : '';
      const price = product.price ? `<div style="color:#555">${escapeMailHtml(product.price)}</div>` : '';
      const imageCell = image ? `<td style="padding:8px 12px 8px 0;vertical-align:top;width:96px">${image}</td>` : '';
      return `<tr>${imageCell}<td style="padding:8px 0;vertical-align:top"><strong>${title}</strong>${price}<div>${view}</div></td></tr>`;
    })
    .join('');
  const html: Record<PlaceholderName, string> = {
    name: escapeMailHtml(plain.name),
    result: escapeMailHtml(plain.result),
    score: escapeMailHtml(plain.score),
    personality: escapeMailHtml(plain.personality),
    products: productHtml
      ? `<table role="presentation" style="border-collapse:collapse;margin:8px 0">${productHtml}</table>`
      : '',
    prize_code: data.prize
      ? `<div style="margin:8px 0;padding:12px;border:1px dashed #888;border-radius:6px">${prizeLines
          .map((line, index) => (index === 0 ? `<strong>${escapeMailHtml(line)}</strong>` : `<div>${escapeMailHtml(line)}</div>`))
          .join('')}</div>`
      : '',
  };
  // The owner's text is escaped first; only the placeholders' own markup goes in as HTML.
  const bodyHtml = tidy(escapeMailHtml(bodySource).replace(placeholder, (_, name: PlaceholderName) => html[name])).replace(
    /\r?\n/g,
    '<br>',
  );

  const unsubscribe = t('resultEmail.unsubscribe');
  const footerText = [
    `${unsubscribe}: ${input.unsubscribeUrl}`,
    ...(input.poweredBy ? [input.poweredBy.url ? `${input.poweredBy.text}: ${input.poweredBy.url}` : input.poweredBy.text] : []),
  ];
  const poweredHtml = input.poweredBy
    ? input.poweredBy.url
      ? ` · <a href="${escapeMailHtml(input.poweredBy.url)}" style="color:#777">${escapeMailHtml(input.poweredBy.text)}</a>`
      : ` · ${escapeMailHtml(input.poweredBy.text)}`
    : '';
  const direction = /^(ar|he|fa|ur)\b/.test(language) ? 'rtl' : 'ltr';
  return {
    subject: fillText(subjectSource).replace(/\s+/g, ' ').trim(),
    text: `${fillText(bodySource)}\n\n--\n${footerText.join('\n')}\n`,
    html: `<!doctype html><html lang="${escapeMailHtml(language)}" dir="${direction}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0;padding:16px;background:#f6f6f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;color:#202223"><div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;line-height:1.5;font-size:15px">${bodyHtml}</div><p style="max-width:560px;margin:12px auto 0;font-size:12px;color:#777;text-align:center"><a href="${escapeMailHtml(input.unsubscribeUrl)}" style="color:#777">${escapeMailHtml(unsubscribe)}</a>${poweredHtml}</p></body></html>`,
  };
}

/** The unsubscribe page of a result email (server/src/routes/public/resultEmailUnsubscribe.ts), in the mail's language. */
export const resultEmailUnsubscribeTexts = (t: Translate) => ({
  unsubscribeConfirmTitle: t('resultEmail.unsubscribeConfirmTitle'),
  unsubscribeConfirm: (email: string) => t('resultEmail.unsubscribeConfirm', { email }),
  unsubscribeButton: t('resultEmail.unsubscribeButton'),
  unsubscribedTitle: t('resultEmail.unsubscribedTitle'),
  unsubscribed: (email: string) => t('resultEmail.unsubscribed', { email }),
  unsubscribeInvalidTitle: t('resultEmail.unsubscribeInvalidTitle'),
  unsubscribeInvalid: t('resultEmail.unsubscribeInvalid'),
});
