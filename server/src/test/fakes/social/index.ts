export {
  facebookHosts,
  FakeOidcProvider,
  googleHosts,
  type FakeOidcClient,
  type FakeOidcKind,
  type FakeOidcRefusal,
  type FakeOidcUser,
} from './fakeOidcProvider.ts';
