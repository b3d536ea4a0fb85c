/**
 * A synced product's page in Shopify's admin, from its Admin API id (`gid://shopify/Product/123`), as App Bridge
 * opens admin pages from an embedded app (shopify.md 2, "Navigation": `shopify://admin/products`); null for an id
 * that is not a product's.
 */
export function shopifyAdminProductUrl(externalId: string | null): string | null {
  const id = /^gid:\/\/shopify\/Product\/(\d+)$/.exec(externalId ?? '')?.[1];
  return id ? `shopify://admin/products/${id}` : null;
}
