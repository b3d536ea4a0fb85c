import { wheelMessages } from '@quizlead/shared/engagement.ts';
import {
  experimentLimits,
  experimentMessages,
  experimentSubjectLabels,
  leadGateLabels,
  ZExperiment,
  ZIntroValue,
  type TExperiment,
} from '@quizlead/shared/schemas/experiments.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { $createLinkNode } from '@lexical/link';
import { $createParagraphNode, $createTextNode, $getRoot, type LexicalEditor } from 'lexical';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { errorUnder } from '../../test/fieldError.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { percent } from '../wheels/MarginGuard.tsx';
import { ExperimentForm, type TestedItem } from './ExperimentForm.tsx';
import { experimentTexts as texts } from './texts.ts';

const quizId = '5d2c7e90-3a41-4b6f-9c8d-7e6f5a4b3c2d';
const wheelId = '6e3d8fa1-4b52-4c70-8d9e-8f7a6b5c4d3e';

const welcomeMessage = '<p>Welcome to the <b>skin</b> quiz</p>';
const quiz = (fields: Partial<Extract<TestedItem, { kind: 'quiz' }>> = {}): TestedItem => ({
  kind: 'quiz',
  id: quizId,
  welcomeMessage,
  leadGate: 'before',
  collectEmail: true,
  ...fields,
});
const wheel: TestedItem = {
  kind: 'wheel',
  id: wheelId,
  options: [
    { text: '10% off', weight: 1 },
    { text: 'Free shipping', weight: 3 },
  ],
};
const quizTests = `/api/v1/quizzes/${quizId}/experiments`;
const wheelTests = `/api/v1/wheels/${wheelId}/experiments`;

/** The test the server answers a start with: the variants sent, running, no figures yet. */
const startedTest = (body: unknown): TExperiment => {
  const { subject, variants } = body as { subject: TExperiment['subject']; variants: { name: string; share: number }[] };
  return ZExperiment.parse({
    id: '7f4e90b2-5c63-4d81-9eaf-90a8b7c6d5e4',
    subject,
    status: 'running',
    winner: null,
    startedAt: '2026-11-27T10:00:00.000Z',
    endedAt: null,
    metric: 'leads',
    currency: null,
    leader: null,
    variants: variants.map((variant, index) => ({
      ...variant,
      key: 'abcd'[index],
      visitors: 0,
      completions: 0,
      leads: 0,
      orders: 0,
      revenue: 0,
      completionsVsOriginal: null,
      leadsVsOriginal: null,
      ordersVsOriginal: null,
    })),
  });
};
const startsTest = (path: string) => ({
  [`POST ${path}`]: ({ body }: { body: unknown }) => ({ body: { data: startedTest(body) } }),
});
const refusal = (message: string, field?: string, status = 400, code = 'validation') => ({
  status,
  body: { error: { code, message, field } },
});

function open(item: TestedItem) {
  const onStarted = vi.fn();
  const onCancel = vi.fn();
  const view = renderScreen(<ExperimentForm item={item} onStarted={onStarted} onCancel={onCancel} />);
  return { ...view, onStarted, onCancel };
}

/** The box of one variant, by its heading ('Original', 'Variant B'…). */
const row = (title: string) => screen.getByRole('heading', { name: title }).closest('.Polaris-Box') as HTMLElement;
const field = (title: string, label: string) => within(row(title)).getByLabelText(label) as HTMLInputElement;
/**
 * Writes a variant's intro text as typing would leave it in its Lexical editor (happy-dom does not drive a
 * contenteditable): one paragraph of `words`, each a link when `link` gives its address. The first update only
 * selects: the editor reports no change from its empty state.
 */
async function writeIntro(title: string, words: string[], link?: (index: number) => string) {
  const editable = row(title).querySelector('[contenteditable]') as HTMLElement & { __lexicalEditor: LexicalEditor };
  const editor = editable.__lexicalEditor;
  const nodes = () =>
    words.map((word, index) => (link ? $createLinkNode(link(index)).append($createTextNode(word)) : $createTextNode(word)));
  await act(async () => {
    editor.update(() => $getRoot().selectEnd(), { discrete: true });
    editor.update(
      () =>
        void $getRoot()
          .clear()
          .append($createParagraphNode().append(...nodes())),
      { discrete: true },
    );
  });
  return editable;
}
const rowTitles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const start = () => screen.getByRole('button', { name: texts.start });
const posts = (api: ReturnType<typeof fakeApi>) => api.requests.filter((request) => request.method === 'POST');

describe('the A/B test form', () => {
  it('starts a quiz’s test on its intro: the original as visitors see it, read-only, and a variant, half the visitors each', () => {
    fakeApi({});
    open(quiz());
    expect((screen.getByLabelText(texts.whatToTest) as HTMLSelectElement).value).toBe('intro');
    expect(rowTitles()).toEqual([texts.original, 'Variant B']);
    const original = field(texts.original, texts.value.intro);
    expect(original.value).toBe('Welcome to the skin quiz');
    expect(original.disabled).toBe(true);
    expect(within(row(texts.original)).getByText(texts.originalHelp)).toBeTruthy();
    expect(field(texts.original, texts.name).value).toBe(texts.defaultNames[0]);
    expect(field('Variant B', texts.name).value).toBe(texts.defaultNames[1]);
    expect([field(texts.original, texts.share).value, field('Variant B', texts.share).value]).toEqual(['50', '50']);
    // The original stays: only the variants can be removed, and never below two.
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('offers the lead gate only to a quiz that asks for the email, and says why', () => {
    fakeApi({});
    open(quiz({ collectEmail: false }));
    const subject = screen.getByLabelText(texts.whatToTest) as HTMLSelectElement;
    const gate = within(subject).getByRole('option', { name: experimentSubjectLabels.leadGate }) as HTMLOptionElement;
    expect(gate.disabled).toBe(true);
    expect(screen.getByText(experimentMessages.needsEmail)).toBeTruthy();
  });

  it('refuses a variant without a name or with one too long, on its field, before sending; a change takes the message away', async () => {
    const api = fakeApi({});
    const { user } = open(quiz());
    await user.clear(field('Variant B', texts.name));
    await user.click(start());
    expect(errorUnder(field('Variant B', texts.name))).toBe(experimentMessages.nameRequired);
    expect(errorUnder(field(texts.original, texts.name))).toBeNull();
    // The first refused field takes the focus.
    expect(document.activeElement).toBe(field('Variant B', texts.name));

    await user.type(field('Variant B', texts.name), 'Shorter intro');
    expect(errorUnder(field('Variant B', texts.name))).toBeNull();
    // Longer than the field lets anyone type: as a script or an old browser could send it.
    fireEvent.change(field('Variant B', texts.name), { target: { value: 'x'.repeat(experimentLimits.name + 1) } });
    await user.click(start());
    expect(errorUnder(field('Variant B', texts.name))).toBe(experimentMessages.nameTooLong);
    expect(posts(api)).toHaveLength(0);
  });

  it('refuses shares that do not add up to 100 on the original’s share, and a share out of range on its own; any share change clears them', async () => {
    const api = fakeApi({});
    const { user } = open(quiz());
    await user.clear(field('Variant B', texts.share));
    await user.type(field('Variant B', texts.share), '40');
    await user.click(start());
    expect(errorUnder(field(texts.original, texts.share))).toBe(experimentMessages.sharesTotal);
    expect(errorUnder(field('Variant B', texts.share))).toBeNull();
    expect(document.activeElement).toBe(field(texts.original, texts.share));

    // Editing the other share answers the total's message too: the shares are checked together.
    await user.clear(field('Variant B', texts.share));
    expect(errorUnder(field(texts.original, texts.share))).toBeNull();
    await user.click(start());
    expect(errorUnder(field('Variant B', texts.share))).toBe(experimentMessages.shareInvalid);

    await user.type(field('Variant B', texts.share), '50.5');
    await user.clear(field(texts.original, texts.share));
    await user.type(field(texts.original, texts.share), '49.5');
    await user.click(start());
    expect(errorUnder(field(texts.original, texts.share))).toBe(experimentMessages.shareInvalid);
    expect(errorUnder(field('Variant B', texts.share))).toBe(experimentMessages.shareInvalid);

    await user.clear(field(texts.original, texts.share));
    await user.type(field(texts.original, texts.share), '100');
    expect(errorUnder(field('Variant B', texts.share))).toBeNull();
    await user.clear(field('Variant B', texts.share));
    await user.type(field('Variant B', texts.share), '0');
    await user.click(start());
    expect(errorUnder(field(texts.original, texts.share))).toBe(experimentMessages.shareInvalid);
    expect(errorUnder(field('Variant B', texts.share))).toBe(experimentMessages.shareInvalid);
    expect(posts(api)).toHaveLength(0);
  });

  it('focuses the first refusal in the schema’s order, which names the fields before it totals the shares', async () => {
    fakeApi({});
    const { user } = open(quiz());
    await user.clear(field('Variant B', texts.share));
    await user.type(field('Variant B', texts.share), '40');
    await user.clear(field('Variant B', texts.name));
    await user.click(start());
    expect(errorUnder(field(texts.original, texts.share))).toBe(experimentMessages.sharesTotal);
    expect(errorUnder(field('Variant B', texts.name))).toBe(experimentMessages.nameRequired);
    expect(document.activeElement).toBe(field('Variant B', texts.name));
  });

  it('refuses an intro text whose markup is longer than the server keeps, under its editor', async () => {
    const api = fakeApi({});
    const { user } = open(quiz());
    // Few letters a visitor sees, but more markup (long links) than the schema lets through.
    const words = Array.from({ length: 20 }, (_, index) => `Step ${index} `);
    const editable = await writeIntro('Variant B', words, (index) => `https://example.com/${index}/${'x'.repeat(600)}`);
    const markupTooLong = ZIntroValue.safeParse('<p></p>'.repeat(2_000)).error!.issues[0]!.message;
    await user.click(start());
    expect(await within(row('Variant B')).findByText(markupTooLong)).toBeTruthy();
    expect(editable.getAttribute('aria-invalid')).toBe('true');
    expect(posts(api)).toHaveLength(0);
  });

  it('adds variants up to four, sharing the visitors out again each time, and removes them down to two', async () => {
    fakeApi({});
    const { user } = open(quiz());
    const add = () => screen.getByRole('button', { name: texts.addVariant });
    const shares = () => rowTitles().map((title) => field(title!, texts.share).value);
    await user.click(add());
    expect(rowTitles()).toEqual([texts.original, 'Variant B', 'Variant C']);
    expect(field('Variant C', texts.name).value).toBe(texts.defaultNames[2]);
    expect(shares()).toEqual(['34', '33', '33']);
    await user.click(add());
    expect(shares()).toEqual(['25', '25', '25', '25']);
    expect(rowTitles()).toHaveLength(experimentLimits.variantsMax);
    expect(add().getAttribute('aria-disabled')).toBe('true');

    await user.type(field('Variant C', texts.name), ' (short)');
    await user.click(screen.getByRole('button', { name: `Remove ${texts.defaultNames[2]} (short)` }));
    expect(rowTitles()).toEqual([texts.original, 'Variant B', 'Variant C']);
    expect(field('Variant C', texts.name).value).toBe(texts.defaultNames[3]);
    expect(shares()).toEqual(['34', '33', '33']);
    expect(add().getAttribute('aria-disabled')).toBeNull();
    await user.click(screen.getByRole('button', { name: `Remove ${texts.defaultNames[1]}` }));
    expect(rowTitles()).toEqual([texts.original, 'Variant B']);
    expect(shares()).toEqual(['50', '50']);
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('sends the intro test as the schema reads it (trimmed names, numbers), and hands the started test on', async () => {
    const api = fakeApi(startsTest(quizTests));
    const { user, onStarted } = open(quiz());
    await user.click(screen.getByRole('button', { name: texts.addVariant }));
    await writeIntro('Variant B', ['Glow in three steps']);
    await user.type(field('Variant C', texts.name), '  ');
    await user.clear(field(texts.original, texts.share));
    await user.type(field(texts.original, texts.share), '50');
    await user.clear(field('Variant B', texts.share));
    await user.type(field('Variant B', texts.share), '25');
    await user.clear(field('Variant C', texts.share));
    await user.type(field('Variant C', texts.share), '25');
    await user.click(start());
    await expect.poll(() => onStarted.mock.calls.length).toBe(1);
    expect(posts(api)).toEqual([
      {
        method: 'POST',
        path: quizTests,
        body: {
          subject: 'intro',
          variants: [
            { name: 'Original', share: 50, value: welcomeMessage },
            { name: 'Variant B', share: 25, value: expect.stringMatching(/^<p[^>]*>.*Glow in three steps.*<\/p>$/) },
            { name: 'Variant C', share: 25, value: '' },
          ],
        },
      },
    ]);
    expect(onStarted.mock.calls[0]![0]).toEqual(startedTest(posts(api)[0]!.body));
  });

  it('tests the lead gate against the quiz’s own, two variants at most, starting afresh when the subject changes', async () => {
    const api = fakeApi(startsTest(quizTests));
    const { user, onStarted } = open(quiz({ leadGate: 'after' }));
    await user.clear(field('Variant B', texts.name));
    await user.click(start());
    expect(errorUnder(field('Variant B', texts.name))).toBe(experimentMessages.nameRequired);

    await user.selectOptions(screen.getByLabelText(texts.whatToTest), 'leadGate');
    // A new subject starts its variants again, without the last subject's messages.
    expect(field('Variant B', texts.name).value).toBe(texts.defaultNames[1]);
    expect(errorUnder(field('Variant B', texts.name))).toBeNull();
    const original = field(texts.original, texts.value.leadGate) as unknown as HTMLSelectElement;
    expect(original.value).toBe('after');
    expect(original.disabled).toBe(true);
    const variant = field('Variant B', texts.value.leadGate) as unknown as HTMLSelectElement;
    expect(variant.value).toBe('before');
    expect(within(variant).getByRole('option', { name: leadGateLabels.before })).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.addVariant })).toBeNull();

    await user.type(field('Variant B', texts.name), ' ');
    await user.click(start());
    await expect.poll(() => onStarted.mock.calls.length).toBe(1);
    expect(posts(api)[0]?.body).toEqual({
      subject: 'leadGate',
      variants: [
        { name: 'Original', share: 50, value: 'after' },
        { name: 'Variant B', share: 50, value: 'before' },
      ],
    });
  });

  it('tests a wheel’s odds: a weight per slice with its chance, a weight out of range refused under it, the weights sent as numbers', async () => {
    const api = fakeApi(startsTest(wheelTests));
    const { user, onStarted } = open(wheel);
    expect(screen.queryByLabelText(texts.whatToTest)).toBeNull();
    expect(screen.getByText(`${texts.whatToTest}: ${experimentSubjectLabels.odds}`)).toBeTruthy();
    expect(field(texts.original, '10% off').value).toBe('1');
    expect(field(texts.original, 'Free shipping').disabled).toBe(true);
    expect(within(row(texts.original)).getByText(texts.chance(percent(0.75)))).toBeTruthy();

    await user.clear(field('Variant B', 'Free shipping'));
    await user.type(field('Variant B', 'Free shipping'), '1');
    expect(within(row('Variant B')).getAllByText(texts.chance(percent(0.5)))).toHaveLength(2);
    await user.clear(field('Variant B', '10% off'));
    await user.type(field('Variant B', '10% off'), '0');
    await user.click(start());
    expect(errorUnder(field('Variant B', '10% off'))).toBe(wheelMessages.weightInvalid);
    expect(errorUnder(field('Variant B', 'Free shipping'))).toBeNull();
    await user.clear(field('Variant B', 'Free shipping'));
    await user.type(field('Variant B', 'Free shipping'), '1001');
    await user.click(start());
    expect(errorUnder(field('Variant B', 'Free shipping'))).toBe(wheelMessages.weightInvalid);
    expect(errorUnder(field('Variant B', '10% off'))).toBe(wheelMessages.weightInvalid);
    // The weights are one value: a change to any takes the row's weight messages away, not another row's.
    await user.clear(field('Variant B', 'Free shipping'));
    expect(errorUnder(field('Variant B', 'Free shipping'))).toBeNull();
    expect(errorUnder(field('Variant B', '10% off'))).toBeNull();
    expect(posts(api)).toHaveLength(0);

    await user.type(field('Variant B', 'Free shipping'), '2');
    await user.clear(field('Variant B', '10% off'));
    await user.type(field('Variant B', '10% off'), '2');
    await user.click(start());
    await expect.poll(() => onStarted.mock.calls.length).toBe(1);
    expect(posts(api)[0]).toEqual({
      method: 'POST',
      path: wheelTests,
      body: {
        subject: 'odds',
        variants: [
          { name: 'Original', share: 50, value: [1, 3] },
          { name: 'Variant B', share: 50, value: [2, 2] },
        ],
      },
    });
  });

  it('shows the server’s refusal under the field it names, and keeps what was typed', async () => {
    let named = 'variants.1.value';
    const api = fakeApi({
      [`POST ${wheelTests}`]: () => refusal(experimentMessages.weightsCount, named),
      [`POST ${quizTests}`]: () => refusal(experimentMessages.needsEmail, 'subject'),
    });
    const { user, onStarted, unmount } = open(wheel);
    await user.click(start());
    await expect.poll(() => errorUnder(field('Variant B', '10% off'))).toBe(experimentMessages.weightsCount);
    expect(errorUnder(field('Variant B', 'Free shipping'))).toBeNull();
    expect(errorUnder(field(texts.original, '10% off'))).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onStarted).not.toHaveBeenCalled();
    named = 'variants.1.name';
    await user.click(start());
    await expect.poll(() => errorUnder(field('Variant B', texts.name))).toBe(experimentMessages.weightsCount);
    // The earlier refusal went with the new attempt.
    expect(errorUnder(field('Variant B', '10% off'))).toBeNull();
    expect(posts(api)).toHaveLength(2);
    unmount();

    open(quiz());
    await user.click(start());
    await expect.poll(() => errorUnder(screen.getByLabelText(texts.whatToTest))).toBe(experimentMessages.needsEmail);
    expect(field('Variant B', texts.name).value).toBe(texts.defaultNames[1]);
  });

  it('says why the test could not start under the form: a refusal of no field or of one it lacks, a conflict, no answer', async () => {
    const answers = [
      refusal(experimentMessages.subjectNotForKind),
      refusal(experimentMessages.winnerUnknown, 'winner'),
      refusal(experimentMessages.alreadyRunning, undefined, 409, 'conflict'),
    ];
    const api = fakeApi({ [`POST ${quizTests}`]: () => answers.shift() ?? offline() });
    const { user, onStarted } = open(quiz());
    const alert = () => screen.queryByRole('alert')?.textContent ?? null;
    await user.click(start());
    await expect.poll(alert).toBe(`${messages.generic.serverErrorPrefix}${experimentMessages.subjectNotForKind}`);
    await user.click(start());
    await expect.poll(alert).toBe(`${messages.generic.serverErrorPrefix}${experimentMessages.winnerUnknown}`);
    await user.click(start());
    await expect.poll(alert).toBe(`${messages.generic.serverErrorPrefix}${experimentMessages.alreadyRunning}`);
    await user.click(start());
    await expect.poll(alert).toBe(`${messages.generic.serverErrorPrefix}Failed to fetch`);
    expect(posts(api)).toHaveLength(4);
    expect(onStarted).not.toHaveBeenCalled();
    // A new attempt takes the last failure away, whether or not it gets as far as sending.
    await user.clear(field('Variant B', texts.name));
    await user.click(start());
    expect(alert()).toBeNull();
    expect(posts(api)).toHaveLength(4);
  });

  it('shows it is starting while the server answers, and sends once', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = fakeApi({ [`POST ${quizTests}`]: () => new Promise((resolve) => (answer = resolve)) as never });
    const { user, onStarted } = open(quiz());
    await user.click(start());
    // Busy, and named so (Polaris puts its 'Loading' before the label).
    const busy = await screen.findByRole('button', { busy: true, name: new RegExp(`${texts.start}$`) });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.submit(busy.closest('form')!);
    answer({ body: { data: startedTest(posts(api)[0]!.body) } });
    await expect.poll(() => onStarted.mock.calls.length).toBe(1);
    expect(posts(api)).toHaveLength(1);
  });

  it('cancels without sending', async () => {
    const api = fakeApi({});
    const { user, onCancel } = open(quiz());
    await user.click(screen.getByRole('button', { name: texts.cancel }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(api.requests).toHaveLength(0);
  });
});
