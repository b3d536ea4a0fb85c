import { Banner, BlockStack, Checkbox, FormLayout, InlineGrid, Modal, TextField } from '@shopify/polaris';
import { productLimits, ZProductRequest, type TProduct, type TProductRequest } from '@quizlead/shared/schemas/products.ts';
import { useState } from 'react';
import { ApiError, errorNotice } from '../../api/client.ts';
import { createProduct, updateProduct } from '../../api/products.ts';
import { issueMessages } from '../../forms/issues.ts';
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

/**
 * Add or edit a product typed in by hand: checked with the server's own schema before it is sent,
 * and the server's refusal shown on the field it names.
 */
export function ProductForm({ product, onClose, onSaved }: Props) {
  const showToast = useShowToast();
  const [values, setValues] = useState<Values>(() => valuesOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const set =
    <Key extends keyof Values>(key: Key) =>
    (value: Values[Key]) => {
      setValues((current) => ({ ...current, [key]: value }));
      setErrors((current) => ({ ...current, [key]: '' }));
    };

  async function save() {
    const request = requestOf(values);
    const checked = ZProductRequest.safeParse(request);
    if (!checked.success) {
      const found = issueMessages(checked.error);
      // A tag's own error ('tags.3') shows on the one tags field.
      for (const [path, message] of Object.entries(found)) if (path.startsWith('tags.')) found.tags ??= message;
      return setErrors(found);
    }
    setBusy(true);
    setFailure('');
    try {
      const saved = product ? await updateProduct(product.id, request) : await createProduct(request);
      showToast(product ? productTexts.updated : productTexts.created);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [error.field.split('.')[0]!]: error.message });
      else setFailure(errorNotice(error));
    } finally {
      setBusy(false);
    }
  }

  const error = (key: keyof Values) => errors[key] || undefined;
  return (
    <Modal
      open
      onClose={onClose}
      title={product ? productTexts.edit : productTexts.add}
      primaryAction={{ content: productTexts.save, loading: busy, onAction: () => void save() }}
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
              void save();
            }}
          >
            <FormLayout>
              <TextField
                label={productTexts.fields.title}
                value={values.title}
                onChange={set('title')}
                error={error('title')}
                maxLength={productLimits.title}
                autoComplete="off"
                requiredIndicator
              />
              <TextField
                label={productTexts.fields.url}
                type="url"
                value={values.url}
                onChange={set('url')}
                error={error('url')}
                helpText={productTexts.fields.urlHelp}
                placeholder="https://"
                autoComplete="off"
                requiredIndicator
              />
              <BlockStack gap="100">
                <ImageField label={productTexts.fields.image} value={values.imageUrl} onChange={set('imageUrl')} />
                {error('imageUrl') ? (
                  <Banner tone="critical">
                    <p>{error('imageUrl')}</p>
                  </Banner>
                ) : null}
              </BlockStack>
              <InlineGrid columns={{ xs: 1, sm: 2 }} gap="400">
                <TextField
                  label={productTexts.fields.price}
                  value={values.price}
                  onChange={set('price')}
                  error={error('price')}
                  helpText={productTexts.fields.priceHelp}
                  inputMode="decimal"
                  autoComplete="off"
                  requiredIndicator
                />
                <TextField
                  label={productTexts.fields.currency}
                  value={values.currency}
                  onChange={(value) => set('currency')(value.toUpperCase())}
                  error={error('currency')}
                  helpText={productTexts.fields.currencyHelp}
                  maxLength={3}
                  autoComplete="off"
                  requiredIndicator
                />
              </InlineGrid>
              <TextField
                label={productTexts.fields.tags}
                value={values.tags}
                onChange={set('tags')}
                error={error('tags')}
                helpText={productTexts.fields.tagsHelp}
                autoComplete="off"
              />
              <Checkbox
                label={productTexts.fields.available}
                helpText={productTexts.fields.availableHelp}
                checked={values.available}
                onChange={set('available')}
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
