import { randomUUID } from 'node:crypto';
import type { TCreateFeedbackRequest } from '@quizlead/shared/schemas/feedback.ts';
import type { TCreatePollRequest } from '@quizlead/shared/schemas/poll.ts';
import type { TWheelRequest } from '@quizlead/shared/schemas/wheel.ts';
import type { TestClient } from './getTestServer.ts';

/** Polls, web responses and wheels made through the owner API, and readers for their exports. */

export async function createPoll(client: TestClient, fields: Partial<TCreatePollRequest> = {}) {
  const created = await client.post('/api/v1/polls', { description: 'Tea or coffee?', options: ['Tea', 'Coffee'], ...fields });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.data;
}

export async function createFeedback(client: TestClient, fields: Partial<TCreateFeedbackRequest> = {}) {
  const created = await client.post('/api/v1/feedbacks', {
    title: 'How was it?',
    feelingType: 'emotion',
    question: 'Did this page help?',
    ...fields,
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.data;
}

export const wheelOptions = (count: number) => Array.from({ length: count }, (_, index) => ({ text: `Prize ${index + 1}` }));

export async function createWheel(client: TestClient, fields: Partial<TWheelRequest> = {}) {
  const created = await client.post('/api/v1/wheels', { description: 'Spin to win', options: wheelOptions(3), ...fields });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.data;
}

export const submission = () => randomUUID();

/** Downloads an owner export as bytes, with its headers. */
export async function download(client: TestClient, path: string) {
  const response = await fetch(`${client.baseUrl}${path}`, { headers: { cookie: client.cookie } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** RFC 4180 parsing (quoted fields, doubled quotes, CRLF), after the UTF-8 byte order mark. */
export function parseCsv(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
  return rows;
}
