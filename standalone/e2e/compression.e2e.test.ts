/**
 * Bytes on the wire (needs the build, which precompresses): built files go as their brotli or gzip
 * sibling to browsers that accept it, dynamic JSON of 1 KB or more is compressed, small answers are
 * not, and the published quiz is served from ready bytes with an ETag (a repeat is a 304).
 */
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOwner } from '../../server/src/test/factories.ts';
import { getTestServer, type TestServer } from '../../server/src/test/getTestServer.ts';
import { buildQuiz, question } from './playerQuizzes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

/** A GET as a browser sends it, with the raw bytes it receives (no decoding). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }>((done, fail) => {
    request(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }),
      );
    })
      .on('error', fail)
      .end();
  });
}

const decoded = (answer: Awaited<ReturnType<typeof get>>) =>
  answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.bytes)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.bytes)
      : answer.bytes;

it('serves built files as their precompressed siblings, by what the browser accepts', async () => {
  const embed = readFileSync(fileURLToPath(new URL('../../web/dist/widgets/embed.js', import.meta.url)));
  const br = await get('/widgets/embed.js', { 'accept-encoding': 'gzip, deflate, br' });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toContain('Accept-Encoding');
  expect(br.headers['content-type']).toMatch(/javascript/);
  expect(decoded(br).equals(embed)).toBe(true);
  // The loader travels in at most 3.5 KB with its audience rules (issue 35).
  expect(br.bytes.length).toBeLessThanOrEqual(3.5 * 1024);
  const gzip = await get('/widgets/embed.js', { 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(decoded(gzip).equals(embed)).toBe(true);
  const plain = await get('/widgets/embed.js');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.bytes.equals(embed)).toBe(true);
  // Its styles, linked once it shows something, load on any site too.
  const styles = await get('/widgets/embed.css', { 'accept-encoding': 'br' });
  expect(styles.headers['content-type']).toMatch(/text\/css/);
  expect(styles.headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(decoded(styles).toString()).toContain('.quizlead-embed-dialog{');
  expect((await get('/widgets/embed.ts')).status).toBe(404);

  const page = await get('/index.html', { 'accept-encoding': 'br' });
  expect(page.headers['content-encoding']).toBe('br');
  expect(decoded(page).toString()).toContain('<div id="root">');
});

it('compresses JSON of 1 KB or more, and leaves small answers as they are', async () => {
  const openapi = await get('/api/v1/openapi.json', { 'accept-encoding': 'br, gzip' });
  expect(openapi.headers['content-encoding']).toBe('br');
  const document = JSON.parse(decoded(openapi).toString());
  expect(document.openapi).toMatch(/^3\./);
  expect(openapi.bytes.length).toBeLessThan(decoded(openapi).length / 4);
  expect((await get('/api/v1/openapi.json', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  expect((await get('/api/v1/openapi.json')).headers['content-encoding']).toBeUndefined();
  const health = await get('/healthz', { 'accept-encoding': 'br' });
  expect(health.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(health.bytes.toString())).toEqual({ status: 'ok' });
});

it('serves the published quiz from ready bytes with an ETag: a repeat is a 304, an edit a new ETag', async () => {
  const owner = await createOwner(server);
  const quiz = await buildQuiz(owner.client, {
    quizType: 'graded_quiz',
    title: 'Wire',
    settings: { collectEmail: false },
    questions: [
      question('Tea or coffee?', [
        { id: 'a', text: 'Tea', correct: true },
        { id: 'b', text: 'Coffee' },
      ]),
    ],
  });
  const path = `/api/v1/public/quizzes/${quiz.id}`;
  const first = await get(path, { 'accept-encoding': 'br' });
  expect(first.status).toBe(200);
  expect(first.headers['content-encoding']).toBe('br');
  expect(first.headers['cache-control']).toBe('no-cache');
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^W\/".+"$/);
  expect(JSON.parse(decoded(first).toString()).data).toMatchObject({ id: quiz.id, title: 'Wire' });
  const plain = await get(path);
  expect(plain.headers.etag).toBe(etag);
  expect(JSON.parse(plain.bytes.toString())).toEqual(JSON.parse(decoded(first).toString()));

  const repeat = await get(path, { 'accept-encoding': 'br', 'if-none-match': etag });
  expect(repeat.status).toBe(304);
  expect(repeat.bytes.length).toBe(0);

  const detail = (await owner.client.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
  expect((await owner.client.put(`/api/v1/quizzes/${quiz.id}`, { ...detail, title: 'Wire 2' })).status).toBe(200);
  const edited = await get(path, { 'accept-encoding': 'br', 'if-none-match': etag });
  expect(edited.status).toBe(200);
  expect(edited.headers.etag).not.toBe(etag);
  expect(JSON.parse(decoded(edited).toString()).data.title).toBe('Wire 2');
  // A preview is the owner's draft: never kept.
  const preview = await owner.client.get(`${path}?preview=1`);
  expect(preview.headers.get('cache-control')).toBe('no-store');
});
