import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

/**
 * The Admin GraphQL schema the fake checks every query against: the 2026-04 introspection from
 * Shopify's AI Toolkit (MIT, LICENSE beside it; shopify.md [SCHEMA]). Shopify published no 2026-10
 * introspection there; the fields this app uses exist unchanged in both.
 */
const schemaFile = new URL('./schema/admin_2026-04.json.gz', import.meta.url);

let schema: GraphQLSchema | undefined;

/** Built once per process (about 10 MB of JSON). */
export function adminSchema(): GraphQLSchema {
  if (!schema) {
    const introspection = JSON.parse(gunzipSync(readFileSync(schemaFile)).toString('utf8')) as { data: IntrospectionQuery };
    schema = buildClientSchema(introspection.data);
  }
  return schema;
}
