/**
 * Writes docs/webhooks.schema.json from the zod schema of the webhook payload
 * (server/src/integrations/webhooks/payload.ts). Run after changing the payload:
 *   sh scripts/node22.sh node scripts/writeWebhooksSchema.ts
 * payload.test.ts fails while the committed file and the schema differ.
 */
import { writeFileSync } from 'node:fs';
import { format } from 'prettier';
import { webhookJsonSchema } from '../server/src/integrations/webhooks/payload.ts';

const target = new URL('../docs/webhooks.schema.json', import.meta.url);
writeFileSync(target, await format(JSON.stringify(webhookJsonSchema()), { parser: 'json', singleQuote: true, printWidth: 130 }));
console.log(`wrote ${target.pathname}`);
