import { productLimits, productMessages, ZProduct, type TProduct } from '@quizlead/shared/schemas/products.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { errorUnder } from '../../test/fieldError.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { ProductForm } from './ProductForm.tsx';
import { productTexts as texts } from './texts.ts';

const productId = '5d6e7f80-91a2-4b3c-8d4e-5f6071829304';
const product = (change: Partial<TProduct> = {}): TProduct =>
  ZProduct.parse({
    id: productId,
    source: 'manual',
    externalId: null,
    variantId: null,
    title: 'Desk lamp',
    url: 'https://shop.example/lamp',
    imageUrl: null,
    price: '19.90',
    currency: 'EUR',
    tags: ['light', 'desk'],
    available: true,
    ...change,
  });

/** The dialog as the Products screen opens it: empty to add a product, or holding the one being edited. */
function open(editing: TProduct | null = null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const view = renderScreen(<ProductForm product={editing} onClose={onClose} onSaved={onSaved} />, {
    path: '/app/Products',
  });
  const dialog = within(screen.getByRole('dialog'));
  return { ...view, dialog, onSaved, onClose };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** A dialog's button by its text (a busy one reads 'Loading' before it). */
const button = (text: string) => screen.getAllByRole('button').find((found) => found.textContent?.endsWith(text))!;
const save = () => button(texts.save);
const cancel = () => button(texts.cancel);
/** Polaris marks a loading or disabled button with aria-disabled (and a loading one aria-busy). */
const disabled = (found: HTMLElement) => found.getAttribute('aria-disabled') === 'true';
/** The critical banner holding `text`, or null. */
const bannerWith = (text: string) => screen.queryByText(text)?.closest('[role="alert"]') ?? null;

type User = ReturnType<typeof open>['user'];

async function retype(user: User, label: string, text: string) {
  await user.clear(field(label));
  if (text) await user.type(field(label), text);
}

/** Fills the required fields with values the schema takes. */
async function fillValid(user: User) {
  await retype(user, texts.fields.title, 'Desk lamp');
  await retype(user, texts.fields.url, 'https://shop.example/lamp');
  await retype(user, texts.fields.price, '19.90');
  await retype(user, texts.fields.currency, 'eur');
}

/** An answer the test lets through when it chooses, to see the form while it waits. */
function held(answer: { status?: number; body: unknown }) {
  let release = () => {};
  const promise = new Promise<never>((resolve) => {
    release = () => resolve(answer as never);
  });
  return { promise, release: () => release() };
}

describe('the product form', () => {
  it('refuses each field in the shared schema’s words before sending anything, and forgets a complaint once its field changes', async () => {
    const api = fakeApi({});
    const { user, onSaved } = open();
    await user.type(field(texts.fields.url), 'shop.example/lamp');
    await user.type(field(texts.fields.price), '19,90');
    await user.type(field(texts.fields.currency), 'EU');
    await user.type(field(texts.fields.tags), 'light, desk');
    await user.click(save());

    expect(errorUnder(field(texts.fields.title))).toBe(productMessages.titleRequired);
    expect(errorUnder(field(texts.fields.url))).toBe(productMessages.urlInvalid);
    expect(errorUnder(field(texts.fields.price))).toBe(productMessages.priceInvalid);
    expect(errorUnder(field(texts.fields.currency))).toBe(productMessages.currencyInvalid);
    expect(errorUnder(field(texts.fields.tags))).toBeNull();

    await user.type(field(texts.fields.title), 'D');
    expect(errorUnder(field(texts.fields.title))).toBeNull();
    expect(errorUnder(field(texts.fields.url))).toBe(productMessages.urlInvalid);
    expect(api.requests).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('refuses too many tags, and a tag too long, under the one tags field', async () => {
    const api = fakeApi({});
    const { user } = open();
    await fillValid(user);
    const tags = Array.from({ length: productLimits.tags + 1 }, (_, index) => `t${index}`);
    await user.click(field(texts.fields.tags));
    await user.paste(tags.join(', '));
    await user.click(save());
    expect(errorUnder(field(texts.fields.tags))).toBe(productMessages.tagsTooMany);
    expect(errorUnder(field(texts.fields.title))).toBeNull();

    await user.clear(field(texts.fields.tags));
    await user.click(field(texts.fields.tags));
    await user.paste(`light, ${'x'.repeat(productLimits.tag + 1)}`);
    await user.click(save());
    expect(errorUnder(field(texts.fields.tags))).toBe(productMessages.tagTooLong);
    expect(api.requests).toHaveLength(0);
  });

  it('adds the product as the shared schema reads it (trimmed, its tags split at the commas once each), says so and hands it back', async () => {
    const added = product({ title: 'Desk lamp', tags: ['light', 'Desk', 'lamp'], available: false });
    const api = fakeApi({ 'POST /api/v1/products': () => ({ status: 201, body: { data: added } }) });
    const { user, toast, onSaved, dialog } = open();
    expect(dialog.getByText(texts.add)).toBeTruthy();
    expect(field(texts.fields.title).value).toBe('');
    await user.type(field(texts.fields.title), ' Desk lamp ');
    await user.type(field(texts.fields.url), 'https://shop.example/lamp');
    await user.type(field(texts.fields.price), '19.90');
    await user.type(field(texts.fields.currency), 'eur');
    expect(field(texts.fields.currency).value).toBe('EUR');
    await user.type(field(texts.fields.tags), 'light, Desk ,, lamp, light');
    await user.click(screen.getByLabelText(texts.fields.available));
    await user.click(save());

    await expect.poll(toast).toBe(texts.created);
    expect(api.requests).toEqual([
      {
        method: 'POST',
        path: '/api/v1/products',
        body: {
          title: 'Desk lamp',
          url: 'https://shop.example/lamp',
          imageUrl: null,
          price: '19.90',
          currency: 'EUR',
          tags: ['light', 'Desk', 'lamp'],
          available: false,
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(added);
  });

  it('edits a product from what it holds and sends the whole product again', async () => {
    const editing = product();
    const saved = product({ price: '24.50' });
    const api = fakeApi({ [`PUT /api/v1/products/${productId}`]: () => ({ body: { data: saved } }) });
    const { user, toast, onSaved, dialog } = open(editing);
    expect(dialog.getByText(texts.edit)).toBeTruthy();
    expect(field(texts.fields.title).value).toBe('Desk lamp');
    expect(field(texts.fields.tags).value).toBe('light, desk');
    expect((screen.getByLabelText(texts.fields.available) as HTMLInputElement).checked).toBe(true);
    await retype(user, texts.fields.price, '24.50');
    await user.type(field(texts.fields.price), '{Enter}');

    await expect.poll(toast).toBe(texts.updated);
    expect(api.requests).toEqual([
      {
        method: 'PUT',
        path: `/api/v1/products/${productId}`,
        body: {
          title: 'Desk lamp',
          url: 'https://shop.example/lamp',
          imageUrl: null,
          price: '24.50',
          currency: 'EUR',
          tags: ['light', 'desk'],
          available: true,
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(saved);
  });

  it('shows the server’s refusal under the field it names, a tag’s under the tags field, the image’s by the image', async () => {
    let refusal: { code: string; message: string; field: string } = {
      code: 'validation',
      message: productMessages.priceInvalid,
      field: 'price',
    };
    fakeApi({ 'POST /api/v1/products': () => ({ status: 400, body: { error: refusal } }) });
    const { user, toast, onSaved } = open();
    await fillValid(user);
    await user.click(save());
    await expect.poll(() => errorUnder(field(texts.fields.price))).toBe(productMessages.priceInvalid);
    expect(errorUnder(field(texts.fields.title))).toBeNull();
    await user.type(field(texts.fields.price), '0');
    expect(errorUnder(field(texts.fields.price))).toBeNull();

    refusal = { code: 'validation', message: productMessages.tagTooLong, field: 'tags.1' };
    await user.click(save());
    await expect.poll(() => errorUnder(field(texts.fields.tags))).toBe(productMessages.tagTooLong);

    refusal = { code: 'validation', message: messages.images.notOwn, field: 'imageUrl' };
    await user.click(save());
    await expect.poll(() => bannerWith(messages.images.notOwn)).toBeTruthy();
    expect(errorUnder(field(texts.fields.tags))).toBeNull();
    expect(toast()).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
    expect(field(texts.fields.title).value).toBe('Desk lamp');
  });

  it('says in the dialog when the save failed otherwise, until the next save or the banner is dismissed', async () => {
    let answer: () => { status: number; body: unknown } | Promise<never> = () => ({
      status: 409,
      body: { error: { code: 'conflict', message: productMessages.shopifyManaged } },
    });
    fakeApi({ [`PUT /api/v1/products/${productId}`]: () => answer() });
    const { user, toast, onSaved } = open(product());
    await user.click(save());
    const failure = `${messages.generic.serverErrorPrefix}${productMessages.shopifyManaged}`;
    await expect.poll(() => bannerWith(failure)).toBeTruthy();
    expect(toast()).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();

    // A save that goes on to be refused takes the failure away.
    answer = () => ({
      status: 400,
      body: { error: { code: 'validation', message: productMessages.priceInvalid, field: 'price' } },
    });
    await user.click(save());
    await expect.poll(() => errorUnder(field(texts.fields.price))).toBe(productMessages.priceInvalid);
    expect(bannerWith(failure)).toBeNull();

    answer = () => offline();
    await user.click(save());
    await expect.poll(() => bannerWith(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeTruthy();
    expect(bannerWith(failure)).toBeNull();

    // The banner goes when dismissed, and a refused form does not bring it back.
    await user.click(
      within(bannerWith(`${messages.generic.serverErrorPrefix}Failed to fetch`) as HTMLElement).getByRole('button'),
    );
    expect(screen.queryByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeNull();
    await retype(user, texts.fields.title, '');
    await user.click(save());
    expect(errorUnder(field(texts.fields.title))).toBe(productMessages.titleRequired);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows the save under way, and lets nobody cancel it, until the server answers', async () => {
    const answer = held({ status: 201, body: { data: product() } });
    fakeApi({ 'POST /api/v1/products': () => answer.promise });
    const { user, toast, onSaved, onClose } = open();
    await fillValid(user);
    expect(disabled(save())).toBe(false);
    await user.click(save());
    await expect.poll(() => save().getAttribute('aria-busy')).toBe('true');
    expect(disabled(save())).toBe(true);
    expect(disabled(cancel())).toBe(true);
    await user.click(cancel());
    expect(onClose).not.toHaveBeenCalled();

    answer.release();
    await expect.poll(toast).toBe(texts.created);
    expect(onSaved).toHaveBeenCalled();
    expect(disabled(save())).toBe(false);
    expect(save().getAttribute('aria-busy')).toBeNull();
    expect(disabled(cancel())).toBe(false);
  });
});
