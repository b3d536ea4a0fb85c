import { destinationReceives } from '@quizlead/shared/schemas/answerProperties.ts';
import { ZIntegrations, crmProviderForms, crmReceives, type TIntegrations } from '@quizlead/shared/schemas/integrations.ts';
import { ZQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { webhook } from '../../../test/settingsFixtures.ts';
import { sessionUser, SignedIn } from '../../../test/signedIn.tsx';
import { DataTab } from './DataTab.tsx';

const integrations = (change: Partial<TIntegrations> = {}): TIntegrations =>
  ZIntegrations.parse({
    crm: null,
    providers: crmProviderForms,
    notifications: {
      enabled: false,
      additionalEnabled: false,
      recipients: '',
      mode: 'immediate',
      ownerEmail: 'olive@example.com',
      unsubscribed: [],
    },
    webhooks: [],
    shopifyCustomers: { available: false, enabled: false },
    adPixels: { metaPixelId: '', tiktokPixelId: '' },
    ...change,
  });

const questions = [
  ZQuestion.parse({
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'multiple',
    title: '<p>Your <b>goals</b>?</p>',
    segment: true,
    answers: [
      { id: 'a1', text: 'Glow', value: 'glow', tags: ['goal-glow', 'vip'] },
      { id: 'a2', text: 'Calm' },
    ],
  }),
  ZQuestion.parse({
    id: '22222222-2222-4222-8222-222222222222',
    title: '<p>Skin type?</p>',
    propertyKey: 'skin',
    answers: [
      { id: 'b1', text: 'Oily' },
      { id: 'b2', text: 'Dry' },
    ],
  }),
];

function open(settings: TIntegrations, shown = questions) {
  fakeApi({ 'GET /api/v1/settings/integrations': () => ({ body: { data: settings } }) });
  return renderScreen(
    <SignedIn user={sessionUser('owner')}>
      <DataTab questions={shown} />
    </SignedIn>,
  );
}

describe('the builder’s Data tab', () => {
  it('lists each property with its key, type, segment, values and tags, and what each destination on receives', async () => {
    open(
      integrations({
        crm: { enabled: true, provider: 'brevo', settings: {}, secrets: {}, disabledReason: null },
        webhooks: [
          webhook(1, { url: 'https://hooks.example/leads' }),
          webhook(2, { url: 'https://off.example', enabled: false }),
        ],
        shopifyCustomers: { available: true, enabled: true },
        notifications: { ...integrations().notifications, enabled: true },
      }),
    );
    const goals = screen.getByRole('listitem', { name: 'your_goals' });
    expect(goals.textContent).toMatch(/choices.*Segment.*Your goals\?.*Glow → "glow".*goal-glow.*vip.*Calm → "Calm"/);
    expect(screen.getByRole('listitem', { name: 'skin' }).textContent).toMatch(/choice.*No segment.*Skin type\?.*Oily → "Oily"/);

    const destinations = await screen.findByRole('list', { name: 'Destinations' });
    const lines = within(destinations)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      `Brevo (formerly Sendinblue)${crmReceives.brevo}`,
      `Webhook https://hooks.example/leads${destinationReceives.webhook}`,
      `Shopify customers${destinationReceives.shopifyCustomers}`,
      `Notification email to olive@example.com${destinationReceives.notifications}`,
    ]);
  });

  it('says so when the quiz has no questions and no destination is on', async () => {
    open(integrations(), []);
    expect(screen.getByText(/No properties yet/)).toBeTruthy();
    expect(await screen.findByText(/No destination is on yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect one in Settings' })).toBeTruthy();
  });
});
