import { Banner, BlockStack, Checkbox, FormLayout, InlineGrid, Modal, TextField } from '@shopify/polaris';
import { productLimits, ZProductRequest, type TProduct, type TProductRequest } from '@quizlead/shared/schemas/products.ts';
import { useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { createProduct, updateProduct } from '../../api/products.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { ImageField } from '../../components/ImageField.tsx';
import { useShowToast } from '../../toast.ts';
import { productTexts } from './texts.ts';

interface Values {
  title: string;
  url: string;
  imageUrl: string | null;
  price: string;
  currency: string;
  /** As typed: tags separated by commas. */
  tags: string;
  available: boolean;
}

const blank: Values = { title: '', url: '', imageUrl: null, price: '', currency: '', tags: '', available: true };

const valuesOf = (product: TProduct | null): Values =>
  product
    ? {
        title: product.title,
        url: product.url,
        imageUrl: product.imageUrl,
        price: product.price,
        currency: product.currency,
        tags: product.tags.join(', '),
        available: product.available,
      }
    : blank;

const requestOf = (values: Values): TProductRequest => ({
  ...values,
  tags: values.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean),
});

interface Props {
  /** The product being edited; null adds one. */
  product: TProduct | null;
  onClose(): void;
  onSaved(product: TProduct): void;
}

/** A tag's own message ('tags.3') shows on the one tags field. */
const fieldOf = (path: string) => (path.startsWith('tags.') ? 'tags' : path);

/**
 * Add or edit a product typed in by hand: checked with the server's own schema before it is sent,
 * and the server's refusal shown on the field it names.
 */
export function ProductForm({ product, onClose, onSaved }: Props) {
  const showToast = useShowToast();
  const [failure, setFailure] = useState('');
  const form = useSchemaForm({
    initial: valuesOf(product),
    schema: ZProductRequest,
    toBody: requestOf,
    fieldOf,
    save(request) {
      setFailure('');
      return product ? updateProduct(product.id, request) : createProduct(request);
    },
    saved(saved) {
      showToast(product ? productTexts.updated : productTexts.created);
      onSaved(saved);
    },
    failed: (error) => setFailure(errorNotice(error)),
  });
  const { values, field } = form;
  const busy = form.saving;

  return (
    <Modal
      open
      onClose={onClose}
      title={product ? productTexts.edit : productTexts.add}
      primaryAction={{ content: productTexts.save, loading: busy, onAction: form.submit }}
      secondaryActions={[{ content: productTexts.cancel, onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          {failure ? (
            <Banner tone="critical" onDismiss={() => setFailure('')}>
              <p>{failure}</p>
            </Banner>
          ) : null}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              form.submit();
            }}
          >
            <FormLayout>
              <TextField
                label={productTexts.fields.title}
                {...field('title')}
                maxLength={productLimits.title}
                autoComplete="off"
                requiredIndicator
              />
              <TextField
                label={productTexts.fields.url}
                type="url"
                {...field('url')}
                helpText={productTexts.fields.urlHelp}
                placeholder="https://"
                autoComplete="off"
                requiredIndicator
              />
              <BlockStack gap="100">
                <ImageField
                  label={productTexts.fields.image}
                  value={values.imageUrl}
                  onChange={(url) => form.set('imageUrl', url)}
                />
                {form.error('imageUrl') ? (
                  <Banner tone="critical">
                    <p>{form.error('imageUrl')}</p>
                  </Banner>
                ) : null}
              </BlockStack>
              <InlineGrid columns={{ xs: 1, sm: 2 }} gap="400">
                <TextField
                  label={productTexts.fields.price}
                  {...field('price')}
                  helpText={productTexts.fields.priceHelp}
                  inputMode="decimal"
                  autoComplete="off"
                  requiredIndicator
                />
                <TextField
                  label={productTexts.fields.currency}
                  value={values.currency}
                  onChange={(value) => form.set('currency', value.toUpperCase())}
                  error={form.error('currency')}
                  helpText={productTexts.fields.currencyHelp}
                  maxLength={3}
                  autoComplete="off"
                  requiredIndicator
                />
              </InlineGrid>
              <TextField
                label={productTexts.fields.tags}
                {...field('tags')}
                helpText={productTexts.fields.tagsHelp}
                autoComplete="off"
              />
              <Checkbox
                label={productTexts.fields.available}
                helpText={productTexts.fields.availableHelp}
                checked={values.available}
                onChange={(checked) => form.set('available', checked)}
              />
              {/* Enter in a field submits, as in any form. */}
              <button type="submit" hidden />
            </FormLayout>
          </form>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
