import { Autocomplete, Icon, Thumbnail } from '@shopify/polaris';
import { ImageIcon, SearchIcon } from '@shopify/polaris-icons';
import { formatProductPrice } from '@quizlead/shared/engine/products.ts';
import type { TProduct } from '@quizlead/shared/schemas/products.ts';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { listProducts } from '../../../api/products.ts';
import { productTexts } from './texts.ts';
import type { ProductCatalog } from './useProductCatalog.ts';

interface Props {
  /** The field's label, for screen readers (hidden). */
  label: string;
  catalog: ProductCatalog;
  /** Already chosen here: not offered again. */
  taken: readonly string[];
  onPick(product: TProduct): void;
  disabled?: boolean;
}

const searchDelayMs = 250;

/** Searches the account's products (GET /api/v1/products?search=) and hands back the one picked. */
export function ProductPicker({ label, catalog, taken, onPick, disabled }: Props) {
  const [input, setInput] = useState('');
  const [found, setFound] = useState<{ search: string; items: TProduct[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const search = input.trim();
  const { remember } = catalog;

  useEffect(() => {
    if (!search) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      listProducts({ search, page: 1 }, controller.signal).then(
        (page) => {
          remember(page.items);
          setFailure(null);
          setFound({ search, items: page.items });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setFailure(errorMessage(error));
        },
      );
    }, searchDelayMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [search, remember]);

  const loading = search !== '' && found?.search !== search && failure === null;
  const items = useMemo(
    () => (search ? (found?.search === search ? found.items : []) : catalog.firstPage),
    [search, found, catalog.firstPage],
  );
  const options = useMemo(
    () =>
      items
        .filter((product) => !taken.includes(product.id))
        .map((product) => ({
          value: product.id,
          label: `${product.title} · ${formatProductPrice(product.price, product.currency)}${product.available ? '' : ' (unavailable)'}`,
          media: <Thumbnail size="extraSmall" source={product.imageUrl || ImageIcon} alt="" />,
        })),
    [items, taken],
  );

  const pick = ([id]: string[]) => {
    const product = items.find((item) => item.id === id);
    if (!product) return;
    onPick(product);
    setInput('');
  };

  return (
    <Autocomplete
      options={options}
      selected={[]}
      onSelect={pick}
      loading={loading}
      emptyState={<p className="ql-product-picker__empty">{failure ?? (search ? productTexts.noMatch : productTexts.none)}</p>}
      textField={
        <Autocomplete.TextField
          label={label}
          labelHidden
          value={input}
          onChange={setInput}
          prefix={<Icon source={SearchIcon} />}
          placeholder={productTexts.searchPlaceholder}
          autoComplete="off"
          disabled={disabled}
          error={failure ?? undefined}
        />
      }
    />
  );
}
