export { FakeShopify, adminApiVersion, type FakeGraphqlFailure, type FakeShop, type RecordedRequest } from './fakeShopify.ts';
export { FakeCustomers, type FakeCustomer, type FakeCustomerSeed } from './fakeCustomers.ts';
export { FakeDiscounts, type FakeBulkCreation, type FakeCodeDiscount, type FakeRedeemCode } from './fakeDiscounts.ts';
export { FakeProducts, type FakeProduct, type FakeProductSeed } from './fakeProducts.ts';
export {
  extensionSessionTokens,
  forgedExtensionTokens,
  forgedSessionTokens,
  sessionTokens,
  type FakeApp,
} from './sessionTokens.ts';
export { adminHost, signAdminQuery } from './adminLinks.ts';
export {
  FakeMetafields,
  fakeAppClientId,
  resolveNamespace,
  type FakeMetafield,
  type FakeMetafieldDefinition,
} from './fakeMetafields.ts';
export { FakeFlow, type FlowTriggerCall } from './fakeFlow.ts';
export { FakeStorefront, type FakeMarket, type FakeStorefrontToken, type StorefrontRead } from './fakeStorefront.ts';
