import { BlockStack, Button, InlineStack, Text, Thumbnail } from '@shopify/polaris';
import { ArrowDownIcon, ArrowUpIcon, ImageIcon, XSmallIcon } from '@shopify/polaris-icons';
import { formatProductPrice } from '@quizlead/shared/engine/products.ts';
import { productTexts } from './texts.ts';
import type { ProductCatalog } from './useProductCatalog.ts';

interface Props {
  ids: readonly string[];
  catalog: ProductCatalog;
  onChange(ids: string[]): void;
  /** Outcomes show in this order; excluded products have none to keep. */
  ordered?: boolean;
}

const moved = (ids: readonly string[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
};

/** The products chosen for an outcome (or excluded): thumbnail, title, price, reorder and remove. */
export function ChosenProducts({ ids, catalog, onChange, ordered = true }: Props) {
  if (ids.length === 0) return null;
  return (
    <ul className="ql-chosen-products">
      {ids.map((id, index) => {
        const product = catalog.known.get(id);
        const title = product?.title ?? (catalog.lookedUp ? productTexts.missing : '…');
        return (
          <li key={id} className="ql-chosen-products__item">
            <InlineStack gap="300" blockAlign="center" wrap={false}>
              <Thumbnail size="small" source={product?.imageUrl || ImageIcon} alt="" />
              <div className="ql-chosen-products__text">
                <BlockStack gap="050">
                  <Text as="span" fontWeight="semibold" tone={product ? undefined : 'subdued'} truncate>
                    {title}
                  </Text>
                  {product ? (
                    <Text as="span" tone="subdued" variant="bodySm">
                      {formatProductPrice(product.price, product.currency)}
                      {product.available ? '' : ' · unavailable'}
                    </Text>
                  ) : null}
                </BlockStack>
              </div>
              <InlineStack gap="100" wrap={false}>
                {ordered ? (
                  <>
                    <Button
                      variant="tertiary"
                      icon={ArrowUpIcon}
                      accessibilityLabel={productTexts.moveUp(title)}
                      disabled={index === 0}
                      onClick={() => onChange(moved(ids, index, index - 1))}
                    />
                    <Button
                      variant="tertiary"
                      icon={ArrowDownIcon}
                      accessibilityLabel={productTexts.moveDown(title)}
                      disabled={index === ids.length - 1}
                      onClick={() => onChange(moved(ids, index, index + 1))}
                    />
                  </>
                ) : null}
                <Button
                  variant="tertiary"
                  tone="critical"
                  icon={XSmallIcon}
                  accessibilityLabel={productTexts.remove(title)}
                  onClick={() => onChange(ids.filter((other) => other !== id))}
                />
              </InlineStack>
            </InlineStack>
          </li>
        );
      })}
    </ul>
  );
}
