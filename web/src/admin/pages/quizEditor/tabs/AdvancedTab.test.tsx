import { adPixelMessages } from '@quizlead/shared/schemas/adPixels.ts';
import { ZQuizDetail, type TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { sessionUser, SignedIn } from '../../../test/signedIn.tsx';
import { useQuizDraft } from '../useQuizDraft.ts';
import { AdvancedTab } from './AdvancedTab.tsx';

const quizId = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const quiz = (settings: Record<string, unknown> = {}): TQuizDetail =>
  ZQuizDetail.parse({
    id: quizId,
    title: 'Skin quiz',
    quizType: 'graded_quiz',
    status: 'draft',
    slug: 'skin-quiz',
    fromTemplate: false,
    settings,
    questions: [],
    productRecommendations: { mode: 'off', outcomes: [], rules: [], excludedTags: [], count: 3 },
    outcomePrizes: {},
    createdAt: '2026-11-28T10:00:00.000Z',
    updatedAt: '2026-11-28T10:00:00.000Z',
    publishedAt: null,
  });

const seen: { draft: ReturnType<typeof useQuizDraft>['draft'] | null } = { draft: null };
function Harness({ initial }: { initial: TQuizDetail }) {
  const editor = useQuizDraft(initial);
  useEffect(() => {
    seen.draft = editor.draft;
  }, [editor.draft]);
  return <AdvancedTab editor={editor} />;
}

function open(initial = quiz()) {
  fakeApi({});
  return renderScreen(
    <SignedIn user={sessionUser('owner')}>
      <Harness initial={initial} />
    </SignedIn>,
    { path: `/shopify/app/Quiz/Edit/${quizId}` },
  );
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('the Advanced tab’s ad pixels', () => {
  it('shows the saved ids', () => {
    open(quiz({ metaPixelId: '1234567890123456', tiktokPixelId: 'C4ABCDEFGHIJ12345678' }));
    expect(field('Meta Pixel').value).toBe('1234567890123456');
    expect(field('TikTok Pixel').value).toBe('C4ABCDEFGHIJ12345678');
  });

  it('puts what is typed into the draft, and names a malformed id under its field until it is right', async () => {
    const { user } = open();
    await user.type(field('Meta Pixel'), '12345');
    expect(seen.draft!.settings.metaPixelId).toBe('12345');
    expect(screen.getByText(adPixelMessages.metaPixelId)).toBeTruthy();
    await user.type(field('Meta Pixel'), '67890');
    expect(screen.queryByText(adPixelMessages.metaPixelId)).toBeNull();

    await user.type(field('TikTok Pixel'), 'c4abc');
    expect(screen.getByText(adPixelMessages.tiktokPixelId)).toBeTruthy();
    await user.clear(field('TikTok Pixel'));
    await user.type(field('TikTok Pixel'), 'C4ABCDEFGHIJ12345678');
    expect(screen.queryByText(adPixelMessages.tiktokPixelId)).toBeNull();
    expect(seen.draft!.settings.tiktokPixelId).toBe('C4ABCDEFGHIJ12345678');
  });
});
