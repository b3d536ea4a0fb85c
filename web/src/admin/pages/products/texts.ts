import { productLimits } from '@quizlead/shared/schemas/products.ts';
import { counted } from '@quizlead/shared/plural.ts';

/** Products screen: its words (the server's refusals are productMessages in shared/src/schemas/products.ts). */
export const productTexts = {
  title: 'Products',
  subtitle: 'What your quizzes can recommend at the end.',
  resourceName: { singular: 'product', plural: 'products' },
  add: 'Add product',
  edit: 'Edit product',
  save: 'Save',
  cancel: 'Cancel',
  sync: 'Sync with Shopify',
  search: 'Search products',
  searchPlaceholder: 'Search by title or tag',
  loading: 'Loading products…',
  total: (count: number) => counted(count, 'product'),
  empty: {
    standalone: {
      heading: 'Add the products your quizzes recommend',
      body: 'Type in each product’s title, page, image and price. A quiz can then end with the products that suit each result.',
    },
    shop: {
      heading: 'Your store’s products show here',
      body: 'They are copied from your Shopify store when the app is installed and kept up to date. Sync if some are missing.',
    },
  },
  noMatch: (search: string) => `No product’s title or tag contains “${search}”.`,
  columns: { product: 'Product', price: 'Price', status: 'Status', source: 'Source', action: 'Action' },
  available: 'Available',
  unavailable: 'Not recommended',
  sources: { shopify: 'Shopify', manual: 'Added by hand' },
  shopifyManaged: 'Change it in Shopify',
  /** The shop's last catalogue sync (the reasons it failed are the server's, productSyncFailures). */
  syncStatus: {
    failedTitle: 'Your products could not be synced',
    syncingTitle: 'Syncing your store’s products…',
    syncing: 'They appear here as soon as the sync is done.',
    retry: 'Try again',
  },
  editLabel: (title: string) => `Edit ${title}`,
  deleteLabel: (title: string) => `Delete ${title}`,
  deleteTitle: 'Delete product',
  deleteQuestion: (title: string) => `Delete “${title}”? Quizzes that recommend it stop showing it.`,
  deleteButton: 'Delete',
  created: 'Product added.',
  updated: 'Product saved.',
  fields: {
    title: 'Title',
    url: 'Product page',
    urlHelp: 'The https:// address visitors go to from the recommendation.',
    image: 'Image',
    price: 'Price',
    priceHelp: 'Like 19.90',
    currency: 'Currency',
    currencyHelp: 'Three letters, like USD or EUR',
    tags: 'Tags',
    tagsHelp: `Separated by commas, at most ${productLimits.tags}. Quiz rules can pick products by tag.`,
    available: 'Recommend this product',
    availableHelp: 'Off: kept here, but no quiz shows it.',
  },
};
