import { destinationPreviewTexts as texts, type TDestinationPreview } from '@quizlead/shared/schemas/destinationPreview.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, held, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { DestinationPreviewButton } from './DestinationPreview.tsx';

const destinationId = '6f1d3c2a-1111-4222-8333-944455556666';
const quiz = { kind: 'quiz' as const, id: '0b7a4c1e-aaaa-4bbb-8ccc-dddddddddddd', title: 'Skin quiz' };
const poll = { kind: 'poll' as const, id: '0b7a4c1e-eeee-4fff-8aaa-bbbbbbbbbbbb', title: 'Tea or coffee?' };
const path = `/api/v1/settings/destinations/${destinationId}/preview`;

const profileBody = JSON.stringify({
  data: { type: 'profile', attributes: { email: 'alex.sample@example.com', properties: { 'skin_quiz.skin_type': 'oily' } } },
});
const preview = (overrides: Partial<TDestinationPreview> = {}): { body: { data: TDestinationPreview } } => ({
  body: {
    data: {
      item: quiz,
      items: [quiz, poll],
      requests: [
        {
          label: 'Add or update the profile',
          method: 'POST',
          url: 'https://a.klaviyo.com/api/profile-import',
          headers: { authorization: '[redacted]', revision: '2026-04-15' },
          body: profileBody,
        },
      ],
      ...overrides,
    },
  },
});

const open = () =>
  renderScreen(<DestinationPreviewButton destinationId={destinationId} destination="Klaviyo" />, { path: '/app/Settings' });
const dialog = () => screen.getByRole('dialog');

describe('Preview a sample lead', () => {
  it('loads nothing until opened, then shows each request: method and URL, headers, the body pretty-printed', async () => {
    const { requests } = fakeApi({ [`GET ${path}`]: () => preview() });
    const { user } = open();
    expect(requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: texts.buttonFor('Klaviyo') }));
    expect(within(dialog()).getByText(texts.title('Klaviyo'))).toBeTruthy();
    await within(dialog()).findByRole('heading', { name: 'Add or update the profile' });
    expect(requests.map((request) => request.path)).toEqual([path]);
    expect(within(dialog()).getByText('POST https://a.klaviyo.com/api/profile-import')).toBeTruthy();
    expect(within(dialog()).getByText(/authorization: \[redacted\]/)).toBeTruthy();
    const body = within(dialog()).getByLabelText(`${texts.body}: Add or update the profile`);
    expect(body.textContent).toBe(JSON.stringify(JSON.parse(profileBody), null, 2));
    expect(body.textContent).toContain('"skin_quiz.skin_type": "oily"');
    // The scrollable body takes the keyboard's focus.
    expect(body.getAttribute('tabindex')).toBe('0');
    expect((within(dialog()).getByLabelText(texts.item) as HTMLSelectElement).value).toBe(`quiz:${quiz.id}`);
  });

  it('picking another item asks for its sample, by kind and id', async () => {
    const { requests } = fakeApi({
      [`GET ${path}`]: () => preview(),
      [`GET ${path}?kind=poll&item=${poll.id}`]: () => preview({ item: poll, requests: [] }),
    });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: texts.buttonFor('Klaviyo') }));
    await within(dialog()).findByRole('heading', { name: 'Add or update the profile' });
    await user.selectOptions(within(dialog()).getByLabelText(texts.item), `poll:${poll.id}`);
    await within(dialog()).findByText(texts.empty);
    expect(requests.map((request) => request.path)).toEqual([path, `${path}?kind=poll&item=${poll.id}`]);
  });

  it('copies the exact body', async () => {
    fakeApi({ [`GET ${path}`]: () => preview() });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: texts.buttonFor('Klaviyo') }));
    await user.click(await within(dialog()).findByRole('button', { name: `${texts.copy}: Add or update the profile` }));
    expect(await navigator.clipboard.readText()).toBe(profileBody);
    expect(await within(dialog()).findByRole('button', { name: `${texts.copied}: Add or update the profile` })).toBeTruthy();
  });

  it('says it is loading, then why there is nothing to show', async () => {
    const answer = held(preview({ requests: [], message: 'Klaviyo: the password setting is missing or invalid.' }));
    fakeApi({ [`GET ${path}`]: () => answer.promise });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: texts.buttonFor('Klaviyo') }));
    expect(within(dialog()).getByText(texts.loading)).toBeTruthy();
    answer.release();
    expect(await within(dialog()).findByText('Klaviyo: the password setting is missing or invalid.')).toBeTruthy();
  });

  it('a failed load offers to try again; an account without items says the sample is generic', async () => {
    let fail = true;
    fakeApi({ [`GET ${path}`]: () => (fail ? offline() : preview({ item: null, items: [] })) });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: texts.buttonFor('Klaviyo') }));
    await within(dialog()).findByText(texts.failed);
    fail = false;
    await user.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog()).findByText(texts.genericSample)).toBeTruthy();
    expect(within(dialog()).queryByLabelText(texts.item)).toBeNull();
  });
});
