import Router from '@koa/router';
import type { AppState } from '../context.ts';
import { DevMailbox } from '../integrations/mail/devMailbox.ts';
import { escapeHtml } from '../lib/escapeHtml.ts';

/** Escapes the text, then makes its http(s) links clickable. */
const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** /dev/mailbox: mails the app sent, newest first. Mounted only without SMTP and outside production. */
export function devMailboxRoutes(mailboxDir: string): Router<AppState> {
  const router = new Router<AppState>();
  const mailbox = new DevMailbox(mailboxDir);
  router.get('/dev/mailbox', async (ctx) => {
    const mails = await mailbox.list();
    const items = mails
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · <time datetime="${mail.sentAt}">${new Date(mail.sentAt).toUTCString()}</time></p>
  <pre>${linkify(mail.text)}</pre>
</article>`,
      )
      .join('\n');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#202223;background:#f6f6f7}
h1{font-size:1.4rem}article{background:#fff;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0;box-shadow:0 1px 2px rgba(0,0,0,.08)}
h2{font-size:1.05rem;margin:0}.meta{color:#6d7175;margin:.25rem 0 .75rem}pre{white-space:pre-wrap;font:inherit;margin:0}a{color:#2c6ecb}
</style></head><body><h1>Dev mailbox</h1><p>Mail the app sent while no SMTP server is configured, newest first (${mails.length}).</p>
${items || '<p><em>No mail yet.</em></p>'}</body></html>`;
  });
  return router;
}
