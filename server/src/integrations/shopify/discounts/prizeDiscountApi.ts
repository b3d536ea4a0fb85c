import type { TPrizeSettings } from '@quizlead/shared/schemas/prizes.ts';
import type { ShopifyAdmin } from '../adminApi.ts';

/**
 * The Admin GraphQL calls behind prize codes (shopify.md 7; scope write_discounts): one amount-off
 * code discount per prize, its single-use codes added in bulk, and the bulk creation read back.
 *
 * Single use: `usageLimit` counts each redeem code of a discount on its own (Shopify, community.shopify.dev
 * "Scope of usageLimit for Discounts with Multiple Codes": "that limit … applies to each individual
 * redeem code"), so `usageLimit: 1` makes every code good for one order, and
 * `appliesOncePerCustomer` one use per customer of each code.
 */

export interface UserError {
  field: string[] | null;
  code: string | null;
  message: string;
}

/** Shopify refused the input (userErrors): asking again changes nothing. */
export class PrizeDiscountRefusedError extends Error {
  readonly userErrors: UserError[];

  constructor(operation: string, userErrors: UserError[]) {
    super(`${operation}: ${userErrors.map((error) => error.message).join('; ')}`);
    this.userErrors = userErrors;
  }
}

/** Shopify's most codes per discountRedeemCodeBulkAdd call (the `codes` argument's documented maximum). */
export const maxCodesPerBulkAdd = 250;

const createMutation = `#graphql
  mutation PrizeDiscountCreate($discount: DiscountCodeBasicInput!) {
    discountCodeBasicCreate(basicCodeDiscount: $discount) {
      codeDiscountNode { id }
      userErrors { field code message }
    }
  }`;

const bulkAddMutation = `#graphql
  mutation PrizeCodesAdd($discountId: ID!, $codes: [DiscountRedeemCodeInput!]!) {
    discountRedeemCodeBulkAdd(discountId: $discountId, codes: $codes) {
      bulkCreation { id done }
      userErrors { field code message }
    }
  }`;

const bulkCreationQuery = `#graphql
  query PrizeCodesAdded($id: ID!, $first: Int!) {
    discountRedeemCodeBulkCreation(id: $id) {
      done
      codesCount
      importedCount
      failedCount
      codes(first: $first) {
        nodes {
          code
          discountRedeemCode { id }
          errors { code message }
        }
      }
    }
  }`;

/** The DiscountCodeBasicInput of a prize: every buyer, the whole order, one use per code. */
export function prizeDiscountInput(props: {
  title: string;
  code: string;
  prize: TPrizeSettings;
  startsAt: Date;
  endsAt: Date | null;
}): Record<string, unknown> {
  const { prize } = props;
  const value =
    prize.valueType === 'percentage'
      ? // Shopify's percentage is a fraction (0.00–1.00).
        { percentage: Math.round(prize.value * 100) / 10_000 }
      : { discountAmount: { amount: prize.value.toFixed(2), appliesOnEachItem: false } };
  return {
    title: props.title,
    code: props.code,
    startsAt: props.startsAt.toISOString(),
    endsAt: props.endsAt ? props.endsAt.toISOString() : null,
    context: { all: 'ALL' },
    customerGets: { value, items: { all: true } },
    usageLimit: 1,
    appliesOncePerCustomer: prize.appliesOncePerCustomer,
    combinesWith: { ...prize.combinesWith },
  };
}

/** Makes the discount with its first code; answers its gid (gid://shopify/DiscountCodeNode/…). */
export async function createPrizeDiscount(admin: ShopifyAdmin, input: Record<string, unknown>): Promise<string> {
  const answer = await admin.graphql<{
    discountCodeBasicCreate: { codeDiscountNode: { id: string } | null; userErrors: UserError[] };
  }>(createMutation, { discount: input });
  const { codeDiscountNode, userErrors } = answer.discountCodeBasicCreate;
  if (!codeDiscountNode || userErrors.length > 0) throw new PrizeDiscountRefusedError('discountCodeBasicCreate', userErrors);
  return codeDiscountNode.id;
}

/** Queues up to 250 codes onto the discount; answers the bulk creation's id to read back. */
export async function addPrizeCodes(admin: ShopifyAdmin, discountId: string, codes: readonly string[]): Promise<string> {
  if (codes.length === 0 || codes.length > maxCodesPerBulkAdd) {
    throw new Error(`discountRedeemCodeBulkAdd takes 1 to ${maxCodesPerBulkAdd} codes, not ${codes.length}`);
  }
  const answer = await admin.graphql<{
    discountRedeemCodeBulkAdd: { bulkCreation: { id: string } | null; userErrors: UserError[] };
  }>(bulkAddMutation, { discountId, codes: codes.map((code) => ({ code })) });
  const { bulkCreation, userErrors } = answer.discountRedeemCodeBulkAdd;
  if (!bulkCreation || userErrors.length > 0) throw new PrizeDiscountRefusedError('discountRedeemCodeBulkAdd', userErrors);
  return bulkCreation.id;
}

export interface BulkCreationResult {
  done: boolean;
  codesCount: number;
  importedCount: number;
  failedCount: number;
  /** Once done: the codes Shopify made (the others failed). */
  imported: string[];
}

/** Where a bulk addition stands; its codes are only final once `done`. */
export async function readPrizeCodesAdded(admin: ShopifyAdmin, bulkCreationId: string): Promise<BulkCreationResult> {
  const answer = await admin.graphql<{
    discountRedeemCodeBulkCreation: {
      done: boolean;
      codesCount: number;
      importedCount: number;
      failedCount: number;
      codes: { nodes: { code: string; discountRedeemCode: { id: string } | null; errors: UserError[] }[] };
    } | null;
  }>(bulkCreationQuery, { id: bulkCreationId, first: maxCodesPerBulkAdd });
  const creation = answer.discountRedeemCodeBulkCreation;
  if (!creation) throw new Error(`Shopify has no bulk creation ${bulkCreationId}`);
  const imported = creation.done
    ? creation.codes.nodes.filter((node) => node.discountRedeemCode && node.errors.length === 0).map((node) => node.code)
    : [];
  return { ...creation, imported };
}
