/**
 * One shop's catalogue behind the Admin GraphQL reads the app makes of products (shopify.md 7; the
 * field and argument descriptions of the 2026-04 schema in ./schema): `products(first, after, query,
 * sortKey, reverse)` as a cursor-paged connection and `product(id:)`. The fake Shopify validates each
 * operation against the schema first; these answer the valid ones.
 *
 * - A variant is for sale (`availableForSale`) when its inventory is not tracked, it keeps selling when
 *   out of stock (inventory policy CONTINUE) or it has stock, as Shopify decides it.
 * - `priceRangeV2.minVariantPrice` is the lowest variant price, in the shop's currency.
 * - `products(query:)` takes `status:` terms (comma-separated values: any of them), `tag:` and
 *   `title:` terms, joined by spaces or AND. Anything else, `last`/`before`, and sort keys other than
 *   ID, TITLE, CREATED_AT and UPDATED_AT fail the field loudly so a test never passes on a filter or an
 *   order the fake ignored. `first` is at most 250, as Shopify's connections allow.
 * - Cursors are opaque and hold the sort value and id of the last row, so a page after a product that
 *   was deleted since still continues where it left off.
 * - `webhookPayload` is the REST-shaped body Shopify sends on products/create and products/update
 *   (which, as Shopify's, says nothing of collections).
 * - `collections(first:)` lists the collections a product is in, in the order it joined them; a
 *   collection is known by its title within the shop and keeps its gid.
 */

export type FakeProductStatus = 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | 'UNLISTED';

export interface FakeVariant {
  /** gid://shopify/ProductVariant/{n} */
  id: string;
  title: string;
  /** Decimal string, as Shopify gives Money ('19.90'). */
  price: string;
  inventoryPolicy: 'DENY' | 'CONTINUE';
  /** Whether the inventory is tracked (untracked variants are always for sale). */
  tracked: boolean;
  inventoryQuantity: number;
}

export interface FakeProduct {
  /** gid://shopify/Product/{n} */
  id: string;
  title: string;
  handle: string;
  status: FakeProductStatus;
  tags: string[];
  /** Null while the product is not published to the Online Store. */
  onlineStoreUrl: string | null;
  imageUrl: string | null;
  variants: FakeVariant[];
  /** The titles of the shop's collections the product is in (each title is one collection of the shop). */
  collections: string[];
  createdAt: string;
  updatedAt: string;
}

export type FakeVariantSeed = Partial<Omit<FakeVariant, 'id'>>;
export type FakeProductSeed = Partial<Omit<FakeProduct, 'id' | 'variants' | 'createdAt' | 'updatedAt'>> & {
  variants?: FakeVariantSeed[];
};

/** Product and variant ids are unique across shops, as Shopify's are. */
let lastProductNumber = 8_000_000_000;
let lastVariantNumber = 45_000_000_000;
let lastCollectionNumber = 600_000_000;

const numberOf = (gid: string) => gid.split('/').at(-1)!;
const handleOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const availableForSale = (variant: FakeVariant) =>
  !variant.tracked || variant.inventoryPolicy === 'CONTINUE' || variant.inventoryQuantity > 0;

type SortKey = 'ID' | 'TITLE' | 'CREATED_AT' | 'UPDATED_AT';
const sortKeys: readonly string[] = ['ID', 'TITLE', 'CREATED_AT', 'UPDATED_AT'];
const maxPageSize = 250;

interface ConnectionArgs {
  first?: number;
  last?: number;
  after?: string;
  before?: string;
  reverse?: boolean;
}

export class FakeProducts {
  readonly #products: FakeProduct[] = [];
  /** Collection gids by title: one collection per title in the shop. */
  readonly #collections = new Map<string, string>();
  /** The shop's currency (CurrencyCode). */
  currencyCode = 'USD';
  readonly #domain: string;

  constructor(domain: string) {
    this.#domain = domain;
  }

  /** Every product of the shop, oldest first (the stored objects: read, or change them to set a scene). */
  all(): FakeProduct[] {
    return this.#products;
  }

  byId(id: string): FakeProduct | undefined {
    return this.#products.find((product) => product.id === id);
  }

  /** A product the merchant made in the admin: active, on the Online Store, one variant in stock unless told. */
  add(seed: FakeProductSeed = {}): FakeProduct {
    const now = new Date().toISOString();
    const title = seed.title ?? `Product ${lastProductNumber + 1}`;
    const handle = seed.handle ?? handleOf(title);
    const product: FakeProduct = {
      id: `gid://shopify/Product/${++lastProductNumber}`,
      title,
      handle,
      status: seed.status ?? 'ACTIVE',
      tags: [...(seed.tags ?? [])],
      onlineStoreUrl: seed.onlineStoreUrl === undefined ? `https://${this.#domain}/products/${handle}` : seed.onlineStoreUrl,
      imageUrl: seed.imageUrl === undefined ? `https://cdn.shopify.com/s/files/1/0001/${handle}.jpg` : seed.imageUrl,
      variants: (seed.variants ?? [{}]).map((variant, index) => ({
        id: `gid://shopify/ProductVariant/${++lastVariantNumber}`,
        title: variant.title ?? (index === 0 ? 'Default Title' : `Option ${index + 1}`),
        price: variant.price ?? '10.00',
        inventoryPolicy: variant.inventoryPolicy ?? 'DENY',
        tracked: variant.tracked ?? true,
        inventoryQuantity: variant.inventoryQuantity ?? 5,
      })),
      collections: [...(seed.collections ?? [])],
      createdAt: now,
      updatedAt: now,
    };
    this.#products.push(product);
    return product;
  }

  /** The merchant edited the product (its updatedAt moves on). */
  update(id: string, changes: Partial<Omit<FakeProduct, 'id' | 'createdAt'>>): FakeProduct {
    const product = this.byId(id);
    if (!product) throw new Error(`fake Shopify: no product ${id}`);
    Object.assign(product, changes, { updatedAt: changes.updatedAt ?? new Date().toISOString() });
    return product;
  }

  /** The gid of the shop's collection with this title (made the first time it is named). */
  collectionId(title: string): string {
    let id = this.#collections.get(title);
    if (!id) {
      id = `gid://shopify/Collection/${++lastCollectionNumber}`;
      this.#collections.set(title, id);
    }
    return id;
  }

  /** The merchant deleted the product. */
  remove(id: string): void {
    const index = this.#products.findIndex((product) => product.id === id);
    if (index >= 0) this.#products.splice(index, 1);
  }

  /** Root fields for the shop's `query` object (graphql's default resolvers call them with the field's args). */
  queryFields(): Record<string, unknown> {
    return {
      products: (args: ConnectionArgs & { query?: string; sortKey?: string; savedSearchId?: string }) => this.#search(args),
      product: (args: { id: string }) => {
        const product = this.byId(args.id);
        return product ? this.#present(product) : null;
      },
    };
  }

  /**
   * The body of a products/create or products/update webhook for `product`: Shopify's REST resource
   * (numeric ids, lowercase status, tags as one comma-separated string, variants with their inventory
   * policy and quantity; no currency, no storefront URL and no availability flag).
   */
  webhookPayload(product: FakeProduct): Record<string, unknown> {
    const productId = Number(numberOf(product.id));
    const image = product.imageUrl
      ? {
          id: productId + 1,
          product_id: productId,
          position: 1,
          created_at: product.createdAt,
          updated_at: product.updatedAt,
          alt: null,
          width: 1000,
          height: 1000,
          src: product.imageUrl,
          variant_ids: [],
          admin_graphql_api_id: `gid://shopify/ProductImage/${productId + 1}`,
        }
      : null;
    return {
      admin_graphql_api_id: product.id,
      body_html: `<p>${product.title}</p>`,
      created_at: product.createdAt,
      handle: product.handle,
      id: productId,
      product_type: '',
      published_at: product.onlineStoreUrl ? product.createdAt : null,
      template_suffix: null,
      title: product.title,
      updated_at: product.updatedAt,
      vendor: this.#domain.replace(/\.myshopify\.com$/, ''),
      status: product.status.toLowerCase(),
      published_scope: 'web',
      tags: product.tags.join(', '),
      variants: product.variants.map((variant, index) => ({
        admin_graphql_api_id: variant.id,
        barcode: null,
        compare_at_price: null,
        created_at: product.createdAt,
        id: Number(numberOf(variant.id)),
        inventory_policy: variant.inventoryPolicy.toLowerCase(),
        position: index + 1,
        price: variant.price,
        product_id: productId,
        sku: null,
        taxable: true,
        title: variant.title,
        updated_at: product.updatedAt,
        option1: variant.title,
        option2: null,
        option3: null,
        image_id: null,
        inventory_item_id: Number(numberOf(variant.id)) + 1,
        inventory_quantity: variant.inventoryQuantity,
        old_inventory_quantity: variant.inventoryQuantity,
      })),
      options: [],
      images: image ? [image] : [],
      image,
      media: [],
      variant_gids: product.variants.map((variant) => ({ admin_graphql_api_id: variant.id, updated_at: product.updatedAt })),
      has_variants_that_requires_components: false,
      category: null,
    };
  }

  #search(given: ConnectionArgs & { query?: string; sortKey?: string; savedSearchId?: string }) {
    // A variable sent as null is an argument not given.
    const args = Object.fromEntries(Object.entries(given).filter(([, value]) => value != null)) as typeof given;
    if (args.first === undefined) throw new Error('fake Shopify: products answers `first` (and `after`) only');
    if (args.last !== undefined || args.before !== undefined) throw new Error('fake Shopify: products pages forward only');
    if (args.savedSearchId !== undefined) throw new Error('fake Shopify: products has no saved searches');
    if (args.first < 0 || args.first > maxPageSize) throw new Error(`The first argument must be between 0 and ${maxPageSize}`);
    const sortKey = (args.sortKey ?? 'ID') as SortKey;
    if (!sortKeys.includes(sortKey)) throw new Error(`fake Shopify: products sorts by ${sortKeys.join(', ')}, not ${sortKey}`);
    const terms = searchTerms(args.query ?? '');
    const direction = args.reverse ? -1 : 1;
    const sorted = this.#products
      .filter((product) => terms.every((matches) => matches(product)))
      .sort((a, b) => direction * compare(sortValue(a, sortKey), numberOf(a.id), sortValue(b, sortKey), numberOf(b.id)));
    let rest = sorted;
    if (args.after !== undefined) {
      const position = decodeCursor(args.after);
      rest = sorted.filter(
        (product) => direction * compare(sortValue(product, sortKey), numberOf(product.id), position.value, position.id) > 0,
      );
    }
    const page = rest.slice(0, args.first);
    const cursorOf = (product: FakeProduct) =>
      Buffer.from(JSON.stringify({ value: sortValue(product, sortKey), id: numberOf(product.id) })).toString('base64url');
    const nodes = page.map((product) => this.#present(product));
    return {
      nodes,
      edges: page.map((product, index) => ({ node: nodes[index], cursor: cursorOf(product) })),
      pageInfo: {
        hasNextPage: rest.length > page.length,
        hasPreviousPage: rest.length < sorted.length,
        startCursor: page[0] ? cursorOf(page[0]) : null,
        endCursor: page.at(-1) ? cursorOf(page.at(-1)!) : null,
      },
    };
  }

  /** The product as the Admin API's Product object shows it (what the app reads; other fields stay unanswered). */
  #present(product: FakeProduct) {
    const prices = product.variants.map((variant) => Number(variant.price));
    const money = (amount: number) => ({ amount: amount.toFixed(2), currencyCode: this.currencyCode });
    const variants = product.variants.map((variant, index) => ({
      __typename: 'ProductVariant',
      id: variant.id,
      legacyResourceId: numberOf(variant.id),
      title: variant.title,
      price: variant.price,
      position: index + 1,
      availableForSale: availableForSale(variant),
      inventoryPolicy: variant.inventoryPolicy,
      inventoryQuantity: variant.tracked ? variant.inventoryQuantity : null,
    }));
    return {
      __typename: 'Product',
      id: product.id,
      legacyResourceId: numberOf(product.id),
      title: product.title,
      handle: product.handle,
      status: product.status,
      tags: [...product.tags],
      onlineStoreUrl: product.onlineStoreUrl,
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
      featuredMedia: product.imageUrl
        ? {
            __typename: 'MediaImage',
            id: `gid://shopify/MediaImage/${numberOf(product.id)}`,
            mediaContentType: 'IMAGE',
            status: 'READY',
            preview: { status: 'READY', image: { url: product.imageUrl } },
          }
        : null,
      priceRangeV2: {
        minVariantPrice: money(prices.length ? Math.min(...prices) : 0),
        maxVariantPrice: money(prices.length ? Math.max(...prices) : 0),
      },
      variants: firstOnly('variants', variants),
      collections: firstOnly(
        'collections',
        product.collections.map((title) => ({
          __typename: 'Collection',
          id: this.collectionId(title),
          legacyResourceId: numberOf(this.collectionId(title)),
          title,
          handle: handleOf(title),
        })),
      ),
    };
  }
}

/** A connection the app reads with `first` only (no cursors): anything else fails loudly. */
function firstOnly<Node extends { id: string }>(field: string, nodes: Node[]) {
  return (given: ConnectionArgs) => {
    const args = Object.fromEntries(Object.entries(given).filter(([, value]) => value != null)) as ConnectionArgs;
    if (args.first === undefined) throw new Error(`fake Shopify: ${field} answers \`first\` only`);
    if (args.after !== undefined || args.last !== undefined || args.before !== undefined)
      throw new Error(`fake Shopify: ${field} has no cursors`);
    if (args.first < 0 || args.first > maxPageSize) throw new Error(`The first argument must be between 0 and ${maxPageSize}`);
    const page = nodes.slice(0, args.first);
    return {
      nodes: page,
      edges: page.map((node) => ({ node, cursor: Buffer.from(node.id).toString('base64url') })),
      pageInfo: {
        hasNextPage: nodes.length > page.length,
        hasPreviousPage: false,
        startCursor: page[0] ? Buffer.from(page[0].id).toString('base64url') : null,
        endCursor: page.at(-1) ? Buffer.from(page.at(-1)!.id).toString('base64url') : null,
      },
    };
  };
}

function sortValue(product: FakeProduct, key: SortKey): string {
  if (key === 'TITLE') return product.title.toLowerCase();
  if (key === 'CREATED_AT') return product.createdAt;
  if (key === 'UPDATED_AT') return product.updatedAt;
  return '';
}

/** By the sort value, then by the numeric id (ID order alone when the value is the same). */
function compare(valueA: string, idA: string, valueB: string, idB: string): number {
  if (valueA !== valueB) return valueA < valueB ? -1 : 1;
  return Number(BigInt(idA) - BigInt(idB));
}

function decodeCursor(cursor: string): { value: string; id: string } {
  try {
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { value?: unknown; id?: unknown };
    if (typeof decoded.value === 'string' && typeof decoded.id === 'string' && /^\d+$/.test(decoded.id))
      return { value: decoded.value, id: decoded.id };
  } catch {
    // Falls through to Shopify's refusal.
  }
  throw new Error('Invalid cursor');
}

/** `status:active,draft tag:quiz AND title:'Green tea'` → one predicate per term. */
function searchTerms(query: string): ((product: FakeProduct) => boolean)[] {
  const tokens = query.match(/[^\s:]+:(?:"(?:[^"\\]|\\.)*"|'[^']*'|\S+)|\S+/g) ?? [];
  return tokens
    .filter((token) => token !== 'AND')
    .map((token) => {
      const term = /^(status|tag|title):(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+))$/.exec(token);
      if (!term) throw new Error(`fake Shopify: the products query takes status:, tag: and title: terms, not ${token}`);
      const value = (term[2]?.replace(/\\(.)/g, '$1') ?? term[3] ?? term[4]!).toLowerCase();
      if (term[1] === 'status') {
        const wanted = value.split(',').map((status) => status.trim().toUpperCase());
        const unknown = wanted.find((status) => !['ACTIVE', 'ARCHIVED', 'DRAFT', 'UNLISTED'].includes(status));
        if (unknown) throw new Error(`fake Shopify: unknown product status ${unknown}`);
        return (product) => wanted.includes(product.status);
      }
      if (term[1] === 'tag') return (product) => product.tags.some((tag) => tag.toLowerCase() === value);
      return (product) => product.title.toLowerCase().includes(value);
    });
}
