import { buildSchema, GraphQLEnumType, type GraphQLSchema } from 'graphql';
import { adminSchema } from './adminSchema.ts';

/**
 * The part of the Storefront GraphQL API the app reads, which the fake checks every Storefront query
 * against. The project holds no Storefront introspection (only the Admin one, adminSchema.ts), so this
 * is the documented shape written out (marketing-stack-and-languages.md D3 and shopify.dev's Storefront
 * reference): the `@inContext` directive on queries, `nodes(ids:)`/`node`/`product`, Product, its
 * price range and variants, MoneyV2. Anything else a query asks fails validation, so the app can only
 * pass with the documented shape. CountryCode, LanguageCode and CurrencyCode are the Admin schema's
 * own enums (Shopify shares them between the two APIs).
 */
const sdl = (enums: string) => `
  schema { query: QueryRoot }

  """Prices, availability and translations of the query in this country's market and this language."""
  directive @inContext(country: CountryCode, language: LanguageCode, preferredLocationId: ID) on QUERY | MUTATION

  scalar Decimal
  scalar URL
  ${enums}

  interface Node { id: ID! }

  type QueryRoot {
    nodes(ids: [ID!]!): [Node]!
    node(id: ID!): Node
    product(id: ID, handle: String): Product
  }

  type Product implements Node {
    id: ID!
    title: String!
    handle: String!
    availableForSale: Boolean!
    onlineStoreUrl: URL
    priceRange: ProductPriceRange!
    variants(first: Int, after: String, last: Int, before: String, reverse: Boolean): ProductVariantConnection!
  }

  type ProductPriceRange { minVariantPrice: MoneyV2! maxVariantPrice: MoneyV2! }
  type ProductVariantConnection { nodes: [ProductVariant!]! }

  type ProductVariant implements Node {
    id: ID!
    title: String!
    availableForSale: Boolean!
    price: MoneyV2!
  }

  type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
`;

let schema: GraphQLSchema | undefined;

export function storefrontSchema(): GraphQLSchema {
  if (!schema) {
    const enums = ['CountryCode', 'LanguageCode', 'CurrencyCode']
      .map((name) => {
        const type = adminSchema().getType(name);
        if (!(type instanceof GraphQLEnumType)) throw new Error(`the Admin schema has no enum ${name}`);
        return `enum ${name} { ${type
          .getValues()
          .map((value) => value.name)
          .join(' ')} }`;
      })
      .join('\n');
    schema = buildSchema(sdl(enums));
  }
  return schema;
}
