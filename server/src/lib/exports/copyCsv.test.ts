import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crlfRowEnds } from './copyCsv.ts';

/** A CSV field as COPY quotes it (csv.ts's rule, less the formula guard, which COPY's SQL adds). */
const copyField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

async function rewritten(bytes: Buffer, cuts: number[]): Promise<string> {
  const chunks = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))]
    .sort((a, b) => a - b)
    .concat(bytes.length)
    .map((end, index, ends) => bytes.subarray(index === 0 ? 0 : ends[index - 1], end));
  const out: Buffer[] = [];
  for await (const chunk of crlfRowEnds(
    (async function* () {
      yield* chunks;
    })(),
  ))
    out.push(chunk);
  return Buffer.concat(out).toString('utf8');
}

describe('crlfRowEnds', () => {
  it('ends rows with CRLF and leaves line breaks inside quoted fields alone', async () => {
    const copy = Buffer.from('a,"two\nlines",""""\n"x ""y""\n",\nlast,\n');
    expect(await rewritten(copy, [])).toBe('a,"two\nlines",""""\r\n"x ""y""\n",\r\nlast,\r\n');
  });

  it('gives the same bytes however COPY’s output is cut into chunks', async () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'é', '"', ',', '\n', '\r', ' ', '🎉') });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(text, { minLength: 1, maxLength: 4 }), { maxLength: 8 }),
        fc.array(fc.nat()),
        async (rows, cuts) => {
          const line = (cells: string[], end: string) => `${cells.map(copyField).join(',')}${end}`;
          const copy = Buffer.from(rows.map((cells) => line(cells, '\n')).join(''));
          expect(await rewritten(copy, cuts)).toBe(rows.map((cells) => line(cells, '\r\n')).join(''));
        },
      ),
    );
  });
});
