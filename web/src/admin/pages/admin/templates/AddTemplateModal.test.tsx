import { adminMessages } from '@quizlead/shared/admin.ts';
import { ZAdminTemplate } from '@quizlead/shared/schemas/admin.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { errorUnder } from '../../../test/fieldError.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { useAdminAction } from '../components/useAdminAction.ts';
import { templateAdminTexts as texts } from '../texts.ts';
import { AddTemplateModal } from './AddTemplateModal.tsx';

const quizId = '3f2a9c1e-7b4d-4e8f-9a1b-2c3d4e5f6a7b';
const adds = 'POST /api/v1/admin/templates';
const added = {
  template: ZAdminTemplate.parse({
    id: '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
    title: 'Which lamp suits you?',
    quizType: 'personality_quiz',
    accountId: '1c8d3e5f-6071-4b82-9ca3-b4c5d6e7f809',
    companyName: 'Olive Oils',
    position: 3,
    retired: false,
    retiredAt: null,
    questionCount: 5,
    createdAt: '2025-01-02T03:04:05.000Z',
  }),
  message: adminMessages.templateAdded,
};
type Answer = { status?: number; body: unknown } | Promise<never>;
const refusal = (message: string, field?: string) => ({ status: 400, body: { error: { code: 'validation', message, field } } });

/** The dialog as the templates page opens it, with the admin area's action runner. */
function Adding({ onAdded, onClose }: { onAdded(): void; onClose(): void }) {
  const action = useAdminAction();
  return <AddTemplateModal open action={action} onClose={onClose} onAdded={onAdded} />;
}

function open() {
  const onAdded = vi.fn();
  const onClose = vi.fn();
  const view = renderScreen(<Adding onAdded={onAdded} onClose={onClose} />, { path: '/app/Admin/templates' });
  const dialog = within(screen.getByRole('dialog'));
  expect(dialog.getByText(texts.addTitle)).toBeTruthy();
  return { ...view, dialog, onAdded, onClose };
}

const quiz = () => screen.getByLabelText(texts.quizField) as HTMLInputElement;
/** A dialog's button by its text (a busy one reads 'Loading' before it). */
const button = (text: string) => screen.getAllByRole('button').find((found) => found.textContent?.endsWith(text))!;
const add = () => button(texts.add);
const cancel = () => button('Cancel');
/** Polaris marks a loading or disabled button with aria-disabled (and a loading one aria-busy). */
const disabled = (found: HTMLElement) => found.getAttribute('aria-disabled') === 'true';

/** An answer the test lets through when it chooses, to see the dialog while it waits. */
function held(answer: { status?: number; body: unknown }) {
  let release = () => {};
  const promise = new Promise<never>((resolve) => {
    release = () => resolve(answer as never);
  });
  return { promise, release: () => release() };
}

describe('the add template dialog', () => {
  it('asks for a quiz before sending anything, and forgets the complaint once typing starts', async () => {
    const api = fakeApi({});
    const { user, onAdded } = open();
    await user.click(add());
    expect(errorUnder(quiz())).toBe(adminMessages.quizNotFound);
    await user.type(quiz(), '   ');
    expect(errorUnder(quiz())).toBeNull();
    await user.type(quiz(), '{Enter}');
    expect(errorUnder(quiz())).toBe(adminMessages.quizNotFound);
    expect(api.requests).toHaveLength(0);
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('says in the shared words, before sending anything, when the text holds no quiz id', async () => {
    // The shared schema refuses such text as the server would, on the quiz field.
    const api = fakeApi({});
    const { user, toast, onAdded } = open();
    await user.type(quiz(), 'not a quiz');
    await user.click(add());
    expect(errorUnder(quiz())).toBe(adminMessages.quizNotFound);
    await user.clear(quiz());
    await user.type(quiz(), `https://app.example/app/Quiz/Edit/${quizId.slice(0, -1)}`);
    expect(errorUnder(quiz())).toBeNull();
    await user.click(add());
    expect(errorUnder(quiz())).toBe(adminMessages.quizNotFound);
    expect(api.requests).toHaveLength(0);
    expect(toast()).toBeNull();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('sends the quiz id found in a pasted link, says what the server did and hands over', async () => {
    const api = fakeApi({ [adds]: () => ({ status: 201, body: { data: added } }) });
    const { user, toast, onAdded } = open();
    await user.click(quiz());
    await user.paste(`  https://app.example/app/Quiz/Edit/${quizId.toUpperCase()}?tab=design `);
    await user.click(add());
    await expect.poll(toast).toBe(adminMessages.templateAdded);
    expect(api.requests).toEqual([{ method: 'POST', path: '/api/v1/admin/templates', body: { quizId } }]);
    expect(onAdded).toHaveBeenCalledTimes(1);
  });

  it('shows whatever the server refuses under the quiz field, and any other failure in a notice, keeping the text', async () => {
    let answer: () => Answer = () => refusal(adminMessages.alreadyTemplate, 'quizId');
    fakeApi({ [adds]: () => answer() });
    const { user, toast, onAdded } = open();
    await user.type(quiz(), quizId);
    await user.click(add());
    await expect.poll(() => errorUnder(quiz())).toBe(adminMessages.alreadyTemplate);
    expect(toast()).toBeNull();

    // The request has one field: a refusal naming any other is about the quiz too.
    answer = () => refusal('Which lamp suits you?: a question has no answers.', 'questions.0');
    await user.click(add());
    await expect.poll(() => errorUnder(quiz())).toBe('Which lamp suits you?: a question has no answers.');
    expect(toast()).toBeNull();

    answer = () => ({ status: 500, body: { error: { code: 'internal', message: messages.generic.internal } } });
    await user.click(add());
    await expect.poll(toast).toBe(`${messages.generic.serverErrorPrefix}${messages.generic.internal}`);
    expect(quiz().value).toBe(quizId);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('shows the copy under way, sends it once and cannot be closed, until the server answers', async () => {
    const answer = held({ status: 201, body: { data: added } });
    const api = fakeApi({ [adds]: () => answer.promise });
    const { user, toast, onAdded, onClose } = open();
    await user.type(quiz(), quizId);
    expect(disabled(add())).toBe(false);
    await user.type(quiz(), '{Enter}');
    await expect.poll(() => add().getAttribute('aria-busy')).toBe('true');
    expect(disabled(add())).toBe(true);
    expect(disabled(cancel())).toBe(true);
    await user.type(quiz(), '{Enter}');
    await user.click(cancel());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();

    answer.release();
    await expect.poll(toast).toBe(adminMessages.templateAdded);
    expect(api.requests).toHaveLength(1);
    expect(onAdded).toHaveBeenCalledTimes(1);
    expect(disabled(add())).toBe(false);
  });
});
