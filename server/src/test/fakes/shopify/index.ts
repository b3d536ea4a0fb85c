export { FakeShopify, adminApiVersion, type FakeShop, type RecordedRequest } from './fakeShopify.ts';
export { forgedSessionTokens, sessionTokens, type FakeApp } from './sessionTokens.ts';
export { adminHost, signAdminQuery } from './adminLinks.ts';
