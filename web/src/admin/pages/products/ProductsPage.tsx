import { Badge, BlockStack, Box, Card, EmptyState, Icon, IndexTable, InlineStack, Link, Page, Text } from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import { DeleteIcon, EditIcon, ImageIcon } from '@shopify/polaris-icons';
import { formatProductPrice } from '@quizlead/shared/engine/products.ts';
import { productLimits, type TProduct } from '@quizlead/shared/schemas/products.ts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorNotice } from '../../api/client.ts';
import { deleteProduct, listProducts, syncProducts } from '../../api/products.ts';
import emptyImage from '../../assets/welcome.svg';
import { SearchBox } from '../../components/SearchBox.tsx';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { RowActions, type RowAction } from '../../components/engagement/RowActions.tsx';
import { pageCountOf, usePageParam } from '../../components/engagement/usePageParam.ts';
import { useResource } from '../../data/useResource.ts';
import { LoadingCard } from '../../components/LoadingCard.tsx';
import '../../components/engagement/engagement.css';
import { isEmbedded } from '../../shell.ts';
import { useShowToast } from '../../toast.ts';
import { useCan } from '../../useCan.ts';
import { ConfirmModal } from '../quizEditor/fields/ConfirmModal.tsx';
import { PagePicker } from '../quizzes/PagePicker.tsx';
import { ProductForm } from './ProductForm.tsx';
import { ProductSyncBanner, useProductSync } from './ProductSyncBanner.tsx';
import { shopifyAdminProductUrl } from './shopifyAdminProductUrl.ts';
import { productTexts } from './texts.ts';
import './products.css';

/** The product's image, or a placeholder when it has none or it does not load. */
function Thumbnail({ product }: { product: TProduct }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="ql-product-thumb">
      {product.imageUrl && !failed ? (
        <img src={product.imageUrl} alt="" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <Icon source={ImageIcon} tone="subdued" />
      )}
    </span>
  );
}

function Status({ product }: { product: TProduct }) {
  return product.available ? <Badge tone="success">{productTexts.available}</Badge> : <Badge>{productTexts.unavailable}</Badge>;
}

/** The product's title, linked to its page when it has one, with its tags under it. */
function Title({ product }: { product: TProduct }) {
  return (
    <BlockStack gap="050">
      <Text as="span" fontWeight="semibold" breakWord>
        {product.title}
      </Text>
      {product.tags.length > 0 ? (
        <Text as="span" variant="bodySm" tone="subdued" breakWord>
          {product.tags.join(', ')}
        </Text>
      ) : null}
    </BlockStack>
  );
}

/**
 * A product synced from the shop is changed in Shopify: the link opens it in Shopify's admin, over the app's frame
 * (App Bridge's navigation, `shopify://admin/…`); without its Shopify id, the words alone.
 */
function ShopifyManaged({ product }: { product: TProduct }) {
  const url = shopifyAdminProductUrl(product.externalId);
  return url ? (
    <Link url={url} target="_top">
      {productTexts.shopifyManaged}
    </Link>
  ) : (
    <Text as="span" variant="bodySm" tone="subdued">
      {productTexts.shopifyManaged}
    </Text>
  );
}

/** /app/Products: the products quizzes can recommend, searched and paged in the address. */
export function ProductsPage() {
  const showToast = useShowToast();
  const canWrite = useCan('product.write');
  const shop = isEmbedded();
  const { smDown } = useBreakpoints();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [page, setPage] = usePageParam();
  const {
    loaded,
    data: list,
    loading,
    reload,
  } = useResource(['products', search, page], (signal) => listProducts({ search, page }, signal));
  const [editing, setEditing] = useState<TProduct | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TProduct | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [syncing, setSyncing] = useState(false);
  // A shop's catalogue sync runs as a job: its state (under way, failed and why) shows above the list.
  const productSync = useProductSync(shop, reload);

  const searchFor = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set('search', value);
          else next.delete('search');
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const pageCount = list ? pageCountOf(list.total, list.pageSize) : 1;
  const pastEnd = list !== null && !loading && list.total > 0 && list.items.length === 0 && page > pageCount;
  useEffect(() => {
    if (pastEnd) setPage(pageCount);
  }, [pastEnd, pageCount, setPage]);

  async function sync() {
    setSyncing(true);
    try {
      await syncProducts();
      productSync.reload();
    } catch (error) {
      showToast(errorNotice(error), { error: true });
    } finally {
      setSyncing(false);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      const answer = await deleteProduct(deleting.id);
      showToast(answer.message);
    } catch (error) {
      showToast(errorNotice(error), { error: true });
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
      reload();
    }
  }

  const addAction = { content: productTexts.add, onAction: () => setEditing('new') };
  const syncAction = { content: productTexts.sync, loading: syncing, onAction: () => void sync() };
  // A shop's catalogue comes from Shopify: syncing comes first there, typing products in first elsewhere.
  const primaryAction = canWrite ? (shop ? syncAction : addAction) : undefined;
  const secondaryActions = canWrite && shop ? [addAction] : [];

  const actionsOf = (product: TProduct): RowAction[] =>
    product.source === 'manual' && canWrite
      ? [
          {
            label: 'Edit',
            accessibilityLabel: productTexts.editLabel(product.title),
            icon: EditIcon,
            onAction: () => setEditing(product),
          },
          {
            label: productTexts.deleteButton,
            accessibilityLabel: productTexts.deleteLabel(product.title),
            icon: DeleteIcon,
            destructive: true,
            onAction: () => setDeleting(product),
          },
        ]
      : [];

  const failure = loaded.state === 'failed' ? <LoadFailed message={loaded.message} onRetry={reload} /> : null;
  let body: ReactNode;
  if (!list) {
    body = failure ?? <LoadingCard message={productTexts.loading} lines={6} gap="400" />;
  } else if (list.total === 0 && !search && !loading) {
    const empty = shop ? productTexts.empty.shop : productTexts.empty.standalone;
    body = (
      <BlockStack gap="400">
        {failure}
        <Card>
          <EmptyState heading={empty.heading} image={emptyImage} action={primaryAction}>
            <p>{empty.body}</p>
          </EmptyState>
        </Card>
      </BlockStack>
    );
  } else {
    const rows = list.items;
    body = (
      <BlockStack gap="400">
        {failure}
        <Card padding="0">
          <Box padding="300">
            <BlockStack gap="300">
              <SearchBox
                value={search}
                onSearch={searchFor}
                label={productTexts.search}
                placeholder={productTexts.searchPlaceholder}
                maxLength={productLimits.search}
              />
              <Text as="p" variant="headingSm">
                {productTexts.total(list.total)}
              </Text>
            </BlockStack>
          </Box>
          {rows.length === 0 ? (
            <Box padding="400">
              <Text as="p" tone="subdued">
                {productTexts.noMatch(search)}
              </Text>
            </Box>
          ) : smDown ? (
            <ul className="ql-engagement-list" aria-label={productTexts.title} aria-busy={loading || undefined}>
              {rows.map((product) => (
                <li key={product.id} className="ql-engagement-list__item">
                  <InlineStack gap="300" wrap={false} blockAlign="start">
                    <Thumbnail product={product} />
                    <div className="ql-product-item">
                      <BlockStack gap="150">
                        <Title product={product} />
                        <InlineStack gap="200" blockAlign="center">
                          <Text as="span" numeric>
                            {formatProductPrice(product.price, product.currency)}
                          </Text>
                          <Status product={product} />
                        </InlineStack>
                        <InlineStack align="space-between" blockAlign="center">
                          <Text as="span" variant="bodySm" tone="subdued">
                            {productTexts.sources[product.source]}
                          </Text>
                          {product.source === 'shopify' ? (
                            <ShopifyManaged product={product} />
                          ) : (
                            <RowActions actions={actionsOf(product)} />
                          )}
                        </InlineStack>
                      </BlockStack>
                    </div>
                  </InlineStack>
                </li>
              ))}
            </ul>
          ) : (
            <IndexTable
              resourceName={productTexts.resourceName}
              itemCount={rows.length}
              selectable={false}
              loading={loading}
              headings={[
                { title: productTexts.columns.product },
                { title: productTexts.columns.price, alignment: 'end' },
                { title: productTexts.columns.status },
                { title: productTexts.columns.source },
                { title: productTexts.columns.action, alignment: 'end' },
              ]}
            >
              {rows.map((product, index) => (
                <IndexTable.Row key={product.id} id={product.id} position={index}>
                  <IndexTable.Cell>
                    <InlineStack gap="300" wrap={false} blockAlign="center">
                      <Thumbnail product={product} />
                      <div className="ql-product-item">
                        <Title product={product} />
                      </div>
                    </InlineStack>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" alignment="end" numeric>
                      {formatProductPrice(product.price, product.currency)}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Status product={product} />
                  </IndexTable.Cell>
                  <IndexTable.Cell>{productTexts.sources[product.source]}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <InlineStack align="end">
                      {product.source === 'shopify' ? (
                        <ShopifyManaged product={product} />
                      ) : (
                        <RowActions actions={actionsOf(product)} />
                      )}
                    </InlineStack>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
          {pageCount > 1 ? (
            <Box padding="300">
              <InlineStack align="center">
                <PagePicker page={page} pageCount={pageCount} onChange={setPage} />
              </InlineStack>
            </Box>
          ) : null}
        </Card>
      </BlockStack>
    );
  }

  return (
    <Page
      title={productTexts.title}
      subtitle={productTexts.subtitle}
      primaryAction={primaryAction}
      secondaryActions={secondaryActions}
    >
      <BlockStack gap="400">
        {shop ? (
          <ProductSyncBanner status={productSync.status} onRetry={canWrite ? () => void sync() : undefined} retrying={syncing} />
        ) : null}
        {body}
      </BlockStack>
      {editing ? (
        <ProductForm
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <ConfirmModal
        open={deleting !== null}
        title={productTexts.deleteTitle}
        message={deleting ? productTexts.deleteQuestion(deleting.title) : ''}
        confirm={productTexts.deleteButton}
        destructive
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
