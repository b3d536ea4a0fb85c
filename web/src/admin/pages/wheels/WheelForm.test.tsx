import { wheelMessages, engagementMessages } from '@quizlead/shared/engagement.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { resultEmailTexts } from '@quizlead/shared/resultEmail.ts';
import { prizeTexts, wheelTexts } from './texts.ts';
import { WheelForm } from './WheelForm.tsx';

const standalone = { 'GET /api/v1/wheels/prize-options': () => ({ body: { data: { uniqueCodes: false } } }) };
const option = (n: number) => screen.getByRole('group', { name: `Option ${n}` });

describe('the wheel form', () => {
  it('asks for a description and three options; rows left blank are not options', async () => {
    const api = fakeApi(standalone);
    const { user } = renderScreen(<WheelForm />);
    await user.click(screen.getByRole('button', { name: wheelTexts.createButton }));
    expect(await screen.findByText(engagementMessages.validationErrorTitle)).toBeTruthy();
    expect(screen.getAllByText(wheelMessages.descriptionRequired)).toHaveLength(2);
    expect(screen.getByText(wheelMessages.optionsMin)).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('shows each option’s chance from the weights, as the server draws', async () => {
    fakeApi(standalone);
    const { user } = renderScreen(<WheelForm />);
    for (const [n, text] of ['A', 'B', 'C'].entries()) await user.type(within(option(n + 1)).getByLabelText('Text'), text);
    await user.type(within(option(3)).getByLabelText('Weight'), '2');
    expect(within(option(3)).getByText(prizeTexts.chance('50.0%'))).toBeTruthy();
    expect(within(option(1)).getByText(prizeTexts.chance('25.0%'))).toBeTruthy();
  });

  it('emails the prize when switched on: its subject and body are previewed live and sent with the wheel', async () => {
    const api = fakeApi({
      ...standalone,
      'POST /api/v1/wheels': () => ({ status: 201, body: { data: { id: 'c2d8e4f6-1a3b-4c5d-8e9f-0a1b2c3d4e5f' } } }),
    });
    const { user } = renderScreen(<WheelForm />);
    await user.type(screen.getByLabelText('Description'), 'Win a prize');
    for (const [n, text] of ['Free tote', 'B', 'C'].entries())
      await user.type(within(option(n + 1)).getByLabelText('Text'), text);
    expect(screen.queryByLabelText(resultEmailTexts.subject)).toBeNull();
    await user.click(screen.getByRole('switch', { name: resultEmailTexts.wheelSwitch }));
    await user.type(screen.getByLabelText(resultEmailTexts.subject), 'You won {{result}');
    expect(screen.getByTestId('result-email-preview-subject').textContent).toBe('You won Free tote');
    const frame = screen.getByTitle(resultEmailTexts.previewFrame);
    expect(frame.getAttribute('srcdoc')).toContain('WELCOME-10');
    await user.click(screen.getByRole('button', { name: wheelTexts.createButton }));
    await expect.poll(() => api.requests.filter((request) => request.method === 'POST').length).toBe(1);
    expect(api.requests.at(-1)?.body).toMatchObject({
      resultEmail: true,
      resultEmailSubject: 'You won {result}',
      resultEmailBody: '',
    });
  });

  it('puts the server’s refusal under the option and field it names, then lists the wheels', async () => {
    let refuse = true;
    const api = fakeApi({
      ...standalone,
      'POST /api/v1/wheels': () =>
        refuse
          ? {
              status: 400,
              body: { error: { code: 'validation', message: wheelMessages.weightInvalid, field: 'options.2.weight' } },
            }
          : { status: 201, body: { data: { id: 'c2d8e4f6-1a3b-4c5d-8e9f-0a1b2c3d4e5f' } } },
    });
    const { user, location, toast } = renderScreen(<WheelForm />);
    await user.type(screen.getByLabelText('Description'), 'Win a prize');
    for (const [n, text] of ['A', 'B', 'C'].entries()) await user.type(within(option(n + 1)).getByLabelText('Text'), text);
    await user.click(screen.getByRole('button', { name: wheelTexts.createButton }));
    await screen.findByText(engagementMessages.validationErrorTitle);
    expect(within(option(3)).getByText(wheelMessages.weightInvalid)).toBeTruthy();
    expect(within(option(1)).queryByText(wheelMessages.weightInvalid)).toBeNull();

    refuse = false;
    await user.type(within(option(3)).getByLabelText('Weight'), '3');
    expect(within(option(3)).queryByText(wheelMessages.weightInvalid)).toBeNull();
    await user.click(screen.getByRole('button', { name: wheelTexts.createButton }));
    await expect.poll(location).toBe('/app/wheel_spinner/lists');
    expect(toast()).toBe(wheelTexts.created);
    expect(api.requests.at(-1)?.body).toMatchObject({
      description: 'Win a prize',
      options: [{ text: 'A' }, { text: 'B' }, { text: 'C', weight: 3 }],
    });
  });

  it('says when the shop’s prize options could not be checked, and checks again on Try again', async () => {
    let failing = true;
    fakeApi({
      'GET /api/v1/wheels/prize-options': () =>
        failing
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
          : { body: { data: { uniqueCodes: true } } },
    });
    const { user } = renderScreen(<WheelForm />);
    expect(await screen.findByText(prizeTexts.checkFailed)).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: prizeTexts.retry }));
    await expect.poll(() => screen.queryByText(prizeTexts.checkFailed)).toBeNull();
    expect(within(option(1)).getByLabelText(prizeTexts.label)).toBeTruthy();
  });
});
