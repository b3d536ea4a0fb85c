import { contactLimits, contactMessages } from '@quizlead/shared/schemas/contact.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { errorUnder } from '../../test/fieldError.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { ContactPage } from './ContactPage.tsx';

const support = { 'GET /api/v1/support': () => ({ body: { data: { email: 'help@quizlead.example' } } }) };
const sent = { id: '5b6c7d8e-9f00-4a1b-8c2d-3e4f5a6b7c8d', message: contactMessages.sent };

const open = () => renderScreen(<ContactPage />, { path: '/app/Contactus' });
const field = () => screen.getByLabelText('Message') as HTMLTextAreaElement;
const submit = () => screen.getByRole('button', { name: 'Submit' });
const posts = <Request extends { method: string }>(requests: Request[]) =>
  requests.filter((request) => request.method === 'POST');

describe('the contact page', () => {
  it('names the support address once it is known, and says where messages go until then', async () => {
    let reply: (value: ReturnType<(typeof support)['GET /api/v1/support']>) => void = () => {};
    fakeApi({ 'GET /api/v1/support': () => new Promise((resolve) => (reply = resolve)) as never });
    open();
    expect(screen.getByText('Messages reach our support team.')).toBeTruthy();
    reply(support['GET /api/v1/support']());
    const link = await screen.findByRole('link', { name: 'help@quizlead.example' });
    expect(link.getAttribute('href')).toBe('mailto:help@quizlead.example');
    expect(screen.queryByText('Messages reach our support team.')).toBeNull();
  });

  it('still takes a message when the support address could not load', async () => {
    const api = fakeApi({
      'GET /api/v1/support': () => offline(),
      'POST /api/v1/contact-messages': () => ({ body: { data: sent } }),
    });
    const { user, toast } = open();
    await expect.poll(() => api.requests.length).toBe(1);
    expect(screen.getByText('Messages reach our support team.')).toBeTruthy();
    await user.type(field(), 'Hello');
    await user.click(submit());
    await expect.poll(toast).toBe(contactMessages.sent);
  });

  it('asks for a message, and spaces are not one, before sending anything', async () => {
    const api = fakeApi(support);
    const { user } = open();
    expect(field().maxLength).toBe(contactLimits.messageLength);
    await user.click(submit());
    expect(errorUnder(field())).toBe(contactMessages.messageRequired);
    await user.type(field(), '   ');
    expect(errorUnder(field())).toBeNull();
    await user.click(submit());
    expect(errorUnder(field())).toBe(contactMessages.messageRequired);
    expect(posts(api.requests)).toHaveLength(0);
  });

  it('sends the message, shows the server’s thanks and empties the field', async () => {
    const api = fakeApi({ ...support, 'POST /api/v1/contact-messages': () => ({ body: { data: sent } }) });
    const { user, toast } = open();
    await user.type(field(), 'Could quizzes have a timer?');
    await user.click(submit());
    await expect.poll(toast).toBe(contactMessages.sent);
    expect(posts(api.requests)).toEqual([
      { method: 'POST', path: '/api/v1/contact-messages', body: { message: 'Could quizzes have a timer?' } },
    ]);
    expect(field().value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal of the message under the field, and keeps what was typed', async () => {
    fakeApi({
      ...support,
      'POST /api/v1/contact-messages': () => ({
        status: 400,
        body: { error: { code: 'validation', message: contactMessages.messageTooLong, field: 'message' } },
      }),
    });
    const { user, toast } = open();
    await user.type(field(), 'A long story');
    await user.click(submit());
    await expect.poll(() => errorUnder(field())).toBe(contactMessages.messageTooLong);
    expect(field().value).toBe('A long story');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toast()).toBeNull();
  });

  it('says above the form why a message was not sent when the refusal names no field', async () => {
    const tooMany = 'You have sent 5 messages in the last hour. Please try again later.';
    fakeApi({
      ...support,
      'POST /api/v1/contact-messages': () => ({ status: 429, body: { error: { code: 'rate_limited', message: tooMany } } }),
    });
    const { user, toast } = open();
    await user.type(field(), 'Hello again');
    await user.click(submit());
    const problem = await screen.findByRole('alert');
    expect(within(problem).getByText(contactMessages.sendErrorTitle)).toBeTruthy();
    expect(within(problem).getByText(tooMany)).toBeTruthy();
    expect(errorUnder(field())).toBeNull();
    expect(field().value).toBe('Hello again');
    expect(toast()).toBeNull();
  });
});
