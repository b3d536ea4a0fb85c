import { productName } from '@quizlead/shared/constants.ts';
import { deliveryToolLabels } from '@quizlead/shared/schemas/deliveries.ts';
import { signLinkToken, verifyLinkToken } from '../../lib/linkToken.ts';
import type { AdminLink } from '../../lib/adminLinks.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import type { Lead, LeadTool } from '../crm/crmProvider.ts';
import type { MailMessage } from './mailer.ts';
import { counted } from '@quizlead/shared/plural.ts';

/**
 * The owner's lead notification emails (issue 12; spec: account-player-management.md §3 Email
 * notification setting, §4): one mail a lead, or an hourly digest of many, each in HTML and plain
 * text, with a link to the item's report and an unsubscribe link. Everything a visitor typed is
 * escaped in the HTML, cut short and kept on one line; the delivery pipeline sends these as one
 * more destination of a lead.
 */

type Mail = Omit<MailMessage, 'to'>;

/** Longest visitor-typed (or owner-typed) text shown, in characters. */
const maxText = 80;
/** Leads listed under one item of a digest; the rest are counted. */
export const digestLeadsPerItem = 20;

const toolLabels: Record<LeadTool, string> = deliveryToolLabels;

/** One line, no control characters, at most `max` characters (an ellipsis marks the cut). */
export function shortText(value: string, max = maxText): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const line = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** The admin screen listing the item's captures (web/src/admin/urls.ts), for the owner's AdminLink. */
export function reportScreen(tool: LeadTool, itemId: string): string {
  const id = encodeURIComponent(itemId);
  return {
    quiz: `Quiz/Analytics/${id}`,
    poll: `poll/vote/${id}`,
    feedback: `Feedback/response/${id}`,
    wheel: `wheelspin/response/${id}`,
  }[tool];
}

/** What the visitor got, as labelled lines: only the results the lead has. */
export function resultLines(result: Lead['result']): [label: string, value: string][] {
  const lines: [string, string][] = [];
  if (result.outcome) lines.push(['Outcome', shortText(result.outcome)]);
  if (result.personality) lines.push(['Personality', shortText(result.personality)]);
  if (result.score !== undefined) lines.push(['Score', String(result.score)]);
  if (result.percentage !== undefined) lines.push(['Percentage', `${Math.round(result.percentage * 10) / 10}%`]);
  if (result.vote) lines.push(['Vote', shortText(result.vote)]);
  if (result.rating) lines.push(['Rating', shortText(result.rating)]);
  if (result.prize) lines.push(['Prize', shortText(result.prize)]);
  if (result.products) lines.push(['Products', shortText(result.products)]);
  return lines;
}

/**
 * The lead's answers as labelled lines, question → answer, in the item's order (issue 33): several picks
 * joined by ', ', numbers as they are, each kept short and on one line.
 */
export function answerLines(answers: Lead['answers']): [question: string, answer: string][] {
  return answers.map((answer) => [
    shortText(answer.question) || answer.key,
    shortText(Array.isArray(answer.value) ? answer.value.join(', ') : String(answer.value)),
  ]);
}

/** '2026-11-23 10:00 UTC': the owner's time zone is not known. */
export function formatCapturedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

// ---- Unsubscribe token (lib/linkToken.ts) over the account and the recipient. ----

const tokenPurpose = 'quizlead-notification-unsubscribe-v1';

export interface UnsubscribeClaims {
  accountId: string;
  /** Lower-cased: the same recipient however the owner typed it. */
  recipient: string;
}

/** A token for GET /notifications/unsubscribe?token=…; it does not expire, as unsubscribe links must keep working. */
export function unsubscribeToken(secret: string, claims: UnsubscribeClaims): string {
  return signLinkToken(secret, tokenPurpose, JSON.stringify([claims.accountId, claims.recipient.toLowerCase()]));
}

/** The account and recipient of a token this server signed; undefined for anything else. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaims | undefined {
  const payload = verifyLinkToken(secret, tokenPurpose, token);
  if (payload === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(payload);
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [accountId, recipient] = value as unknown[];
    return typeof accountId === 'string' && typeof recipient === 'string' ? { accountId, recipient } : undefined;
  } catch {
    return undefined;
  }
}

export function unsubscribeUrl(appUrl: string, secret: string, claims: UnsubscribeClaims): string {
  return `${appUrl.replace(/\/$/, '')}/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, claims))}`;
}

/** The owner first, then the additional recipients, each address once (compared without case). */
export function notificationRecipients(ownerEmail: string, additional: readonly string[]): string[] {
  const seen = new Set<string>();
  return [ownerEmail, ...additional].filter((email) => {
    const key = email.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---- Rendering ----

export interface NotificationLinks {
  /** The owner's admin screens: inside Shopify's admin for a shop (lib/adminLinks.ts). */
  adminLink: AdminLink;
  /** This recipient's unsubscribe link (unsubscribeUrl). */
  unsubscribeUrl: string;
}

/** Mail clients show their own unsubscribe button from these headers (RFC 2369, RFC 8058). */
export const unsubscribeHeaders = (links: Pick<NotificationLinks, 'unsubscribeUrl'>) => ({
  'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
  // RFC 8058: the client may POST to that address to unsubscribe in one click (opening it only asks).
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}" style="color:#1a73e8">${escapeHtml(text)}</a>`;

const page = (title: string, body: string, unsubscribe: string) =>
  [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f6f7;font-family:Arial,Helvetica,sans-serif;color:#202223">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    body,
    `<p style="margin-top:32px;font-size:12px;color:#6d7175">You receive this because lead notifications are on for your ${productName} account. `,
    `${link(unsubscribe, 'Unsubscribe')} from these emails.</p>`,
    '</div></body></html>',
  ].join('\n');

const row = (label: string, valueHtml: string) =>
  `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top;color:#6d7175;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${valueHtml}</td></tr>`;

const nameOf = (lead: Lead) => shortText(lead.name) || '(no name given)';
const itemOf = (lead: Lead) => shortText(lead.item.title) || '(untitled)';

function leadRows(lead: Lead): [label: string, value: string][] {
  return [
    ['Name', nameOf(lead)],
    ['Email', shortText(lead.email, 254)],
    [toolLabels[lead.tool], itemOf(lead)],
    ...resultLines(lead.result),
    ['Consent', lead.consent ? 'Yes, agreed to hear from you' : 'No'],
    ['Captured', formatCapturedAt(lead.capturedAt)],
  ];
}

/** One mail for one lead, sent as soon as it is captured. */
export function leadNotificationMail(lead: Lead, links: NotificationLinks): Mail {
  const report = links.adminLink(reportScreen(lead.tool, lead.item.id));
  const subject = `New lead from “${shortText(lead.item.title, 60) || '(untitled)'}”: ${shortText(lead.email, 254)}`;
  const rows = leadRows(lead);
  const answers = answerLines(lead.answers);
  const text = [
    `You have a new lead from your ${toolLabels[lead.tool].toLowerCase()} “${itemOf(lead)}”.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(answers.length > 0 ? ['', 'Answers:', ...answers.map(([question, answer]) => `- ${question}: ${answer}`)] : []),
    '',
    `See the report: ${report}`,
    '',
    '--',
    `Unsubscribe from these emails: ${links.unsubscribeUrl}`,
  ].join('\n');
  const html = page(
    subject,
    [
      `<h1 style="font-size:20px;margin:0 0 16px">New lead from “${escapeHtml(itemOf(lead))}”</h1>`,
      '<table style="border-collapse:collapse;font-size:14px">',
      ...rows.map(([label, value]) => row(label, label === 'Email' ? link(`mailto:${lead.email}`, value) : escapeHtml(value))),
      '</table>',
      ...(answers.length > 0
        ? [
            '<h2 style="font-size:16px;margin:24px 0 8px">Answers</h2>',
            '<table style="border-collapse:collapse;font-size:14px">',
            ...answers.map(([question, answer]) => row(question, escapeHtml(answer))),
            '</table>',
          ]
        : []),
      `<p style="margin-top:24px">${link(report, 'See the report')}</p>`,
    ].join('\n'),
    links.unsubscribeUrl,
  );
  return { subject, text, html, headers: unsubscribeHeaders(links) };
}

interface DigestGroup {
  tool: LeadTool;
  itemId: string;
  title: string;
  leads: Lead[];
}

/** Leads grouped by item, the busiest item first, each item's leads oldest first. */
export function groupLeadsByItem(leads: readonly Lead[]): DigestGroup[] {
  const groups = new Map<string, DigestGroup>();
  for (const lead of leads) {
    const key = `${lead.tool}\u0000${lead.item.id}`;
    const group = groups.get(key) ?? { tool: lead.tool, itemId: lead.item.id, title: itemOf(lead), leads: [] };
    group.leads.push(lead);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => ({ ...group, leads: group.leads.toSorted((a, b) => a.capturedAt.localeCompare(b.capturedAt)) }))
    .toSorted((a, b) => b.leads.length - a.leads.length || a.title.localeCompare(b.title));
}

/** One line about a lead in the digest: name, email, results, answers, time. */
function digestLine(lead: Lead): string {
  const results = resultLines(lead.result).map(([label, value]) => `${label}: ${value}`);
  const answers = answerLines(lead.answers).map(([question, answer]) => `${question} → ${answer}`);
  const consent = lead.consent ? 'consent: yes' : 'consent: no';
  return [
    `${nameOf(lead)} <${shortText(lead.email, 254)}>`,
    ...results,
    ...answers,
    consent,
    formatCapturedAt(lead.capturedAt),
  ].join(' · ');
}

/** The hourly digest: every lead of the hour in one mail, grouped by item, with counts. */
export function leadDigestMail(leads: readonly Lead[], links: NotificationLinks): Mail {
  const groups = groupLeadsByItem(leads);
  const total = counted(leads.length, 'new lead', 'new leads');
  const subject = `${total} in the last hour from ${counted(groups.length, 'item', 'items')}`;
  const text: string[] = [`You have ${total} in the last hour.`];
  const html: string[] = [`<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(total)} in the last hour</h1>`];
  for (const group of groups) {
    const heading = `${toolLabels[group.tool]} “${group.title}”: ${counted(group.leads.length, 'lead', 'leads')}`;
    const report = links.adminLink(reportScreen(group.tool, group.itemId));
    const shown = group.leads.slice(0, digestLeadsPerItem);
    const more = group.leads.length - shown.length;
    text.push('', heading, ...shown.map((lead) => `- ${digestLine(lead)}`));
    if (more > 0) text.push(`- and ${more} more`);
    text.push(`See the report: ${report}`);
    html.push(
      `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(heading)}</h2>`,
      '<ul style="padding-left:20px;font-size:14px">',
      ...shown.map((lead) => `<li style="margin:4px 0">${escapeHtml(digestLine(lead))}</li>`),
      ...(more > 0 ? [`<li style="margin:4px 0">and ${more} more</li>`] : []),
      '</ul>',
      `<p>${link(report, 'See the report')}</p>`,
    );
  }
  text.push('', '--', `Unsubscribe from these emails: ${links.unsubscribeUrl}`);
  return {
    subject,
    text: text.join('\n'),
    html: page(subject, html.join('\n'), links.unsubscribeUrl),
    headers: unsubscribeHeaders(links),
  };
}
