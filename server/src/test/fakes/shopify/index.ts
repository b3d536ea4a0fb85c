export { FakeShopify, adminApiVersion, type FakeGraphqlFailure, type FakeShop, type RecordedRequest } from './fakeShopify.ts';
export { FakeCustomers, type FakeCustomer, type FakeCustomerSeed } from './fakeCustomers.ts';
export { forgedSessionTokens, sessionTokens, type FakeApp } from './sessionTokens.ts';
export { adminHost, signAdminQuery } from './adminLinks.ts';
