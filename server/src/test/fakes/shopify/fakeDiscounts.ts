/**
 * One shop's code discounts behind the Admin GraphQL operations the app uses for prize codes
 * (shopify.md 7; the field and argument descriptions of the 2026-04 schema in ./schema):
 * `discountCodeBasicCreate`, `discountRedeemCodeBulkAdd`, `discountRedeemCodeBulkCreation(id:)`,
 * `codeDiscountNode(id:)` and `codeDiscountNodeByCode(code:)`. The fake Shopify validates each
 * operation against the schema first; these answer the valid ones.
 *
 * - `discountCodeBasicCreate` needs what the input's description lists as required on create (code,
 *   context, customerGets, startsAt, title); the deprecated `customerSelection` fails loudly so the app
 *   never sends it. A percentage is 0.00–1.00. Codes are unique per shop without case, across every
 *   discount (Shopify's "Code must be unique").
 * - `discountRedeemCodeBulkAdd` takes at most 250 codes and runs asynchronously: its bulk creation is
 *   `done` after `pollsBeforeDone` reads (0: at once), and only then are its codes redeemable and its
 *   counts and per-code results final. A code already in the shop, repeated in the call, blank, longer
 *   than 255 characters or in `rejectCodes` fails on its own (`errors`, no `discountRedeemCode`).
 * - `usageLimit` counts each redeem code on its own (Shopify: "that limit … applies to each individual
 *   redeem code"), so `redeem` refuses a code used `usageLimit` times, or outside startsAt–endsAt.
 *
 * Where Shopify documents no exact wording for a refusal, the message is the fake's own.
 */

interface UserError {
  field: string[] | null;
  code: string;
  message: string;
}

export interface FakeRedeemCode {
  /** gid://shopify/DiscountRedeemCode/{n} */
  id: string;
  code: string;
  asyncUsageCount: number;
}

export interface FakeCodeDiscount {
  /** gid://shopify/DiscountCodeNode/{n} */
  id: string;
  title: string;
  startsAt: string;
  endsAt: string | null;
  usageLimit: number | null;
  appliesOncePerCustomer: boolean;
  value: { percentage: number } | { amount: string; appliesOnEachItem: boolean };
  combinesWith: { orderDiscounts: boolean; productDiscounts: boolean; shippingDiscounts: boolean };
  codes: FakeRedeemCode[];
  createdAt: string;
}

export interface FakeBulkCreation {
  /** gid://shopify/DiscountRedeemCodeBulkCreation/{n} */
  id: string;
  discountId: string;
  createdAt: string;
  /** Reads left that answer "not done" before it runs. */
  pollsLeft: number;
  done: boolean;
  results: { code: string; errors: UserError[]; created: FakeRedeemCode | null }[];
}

interface DiscountCodeBasicInput {
  title?: string | null;
  code?: string | null;
  startsAt?: string | null;
  endsAt?: string | null;
  usageLimit?: number | null;
  appliesOncePerCustomer?: boolean | null;
  context?: { all?: string | null; customers?: unknown; customerSegments?: unknown } | null;
  customerSelection?: unknown;
  customerGets?: {
    value?: {
      percentage?: number | null;
      discountAmount?: { amount?: string | number | null; appliesOnEachItem?: boolean | null } | null;
    } | null;
    items?: { all?: boolean | null } | null;
  } | null;
  combinesWith?: {
    orderDiscounts?: boolean | null;
    productDiscounts?: boolean | null;
    shippingDiscounts?: boolean | null;
  } | null;
}

/** Ids are unique across shops, as Shopify's are. */
let lastNumber = 1_200_000_000;
const nextId = (type: string) => `gid://shopify/${type}/${++lastNumber}`;

const maxCodesPerCall = 250;
const maxCodeLength = 255;

export class FakeDiscounts {
  readonly #discounts: FakeCodeDiscount[] = [];
  readonly #bulkCreations: FakeBulkCreation[] = [];
  /** Reads of a bulk creation before it answers done (Shopify runs it in the background). */
  pollsBeforeDone = 1;
  /** Codes a bulk add fails one by one (e.g. to play a code Shopify refused). */
  rejectCodes: (code: string) => boolean = () => false;

  all(): FakeCodeDiscount[] {
    return this.#discounts;
  }

  byId(id: string): FakeCodeDiscount | undefined {
    return this.#discounts.find((discount) => discount.id === id);
  }

  bulkCreations(): FakeBulkCreation[] {
    return this.#bulkCreations;
  }

  /** The discount a live code belongs to, without case (what checkout looks up). */
  byCode(code: string): { discount: FakeCodeDiscount; redeemCode: FakeRedeemCode } | undefined {
    const wanted = code.trim().toUpperCase();
    for (const discount of this.#discounts) {
      const redeemCode = discount.codes.find((candidate) => candidate.code.toUpperCase() === wanted);
      if (redeemCode) return { discount, redeemCode };
    }
    return undefined;
  }

  /** A buyer uses `code` at checkout: refused when unknown, outside the discount's dates or used up. */
  redeem(code: string, at = new Date()): { ok: true } | { ok: false; reason: 'unknown' | 'not active' | 'used up' } {
    const found = this.byCode(code);
    if (!found) return { ok: false, reason: 'unknown' };
    const { discount, redeemCode } = found;
    if (new Date(discount.startsAt) > at || (discount.endsAt && new Date(discount.endsAt) <= at)) {
      return { ok: false, reason: 'not active' };
    }
    if (discount.usageLimit !== null && redeemCode.asyncUsageCount >= discount.usageLimit)
      return { ok: false, reason: 'used up' };
    redeemCode.asyncUsageCount += 1;
    return { ok: true };
  }

  queryFields(): Record<string, unknown> {
    return {
      discountRedeemCodeBulkCreation: (args: { id: string }) => this.#readBulkCreation(args.id),
      codeDiscountNode: (args: { id: string }) => presentNode(this.byId(args.id)),
      codeDiscountNodeByCode: (args: { code: string }) => presentNode(this.byCode(args.code)?.discount),
    };
  }

  mutationFields(): Record<string, unknown> {
    return {
      discountCodeBasicCreate: (args: { basicCodeDiscount: DiscountCodeBasicInput }) => this.#create(args.basicCodeDiscount),
      discountRedeemCodeBulkAdd: (args: { discountId: string; codes: { code: string }[] }) =>
        this.#bulkAdd(args.discountId, args.codes),
    };
  }

  #codeTaken(code: string): boolean {
    return this.byCode(code) !== undefined;
  }

  #create(input: DiscountCodeBasicInput) {
    if (input.customerSelection !== undefined) {
      throw new Error('fake Shopify: customerSelection is deprecated; send context');
    }
    const userErrors: UserError[] = [];
    const refuse = (field: string[], code: string, message: string) =>
      userErrors.push({ field: ['basicCodeDiscount', ...field], code, message });
    const code = input.code?.trim() ?? '';
    if (!input.title?.trim()) refuse(['title'], 'BLANK', "Title can't be blank");
    if (!code) refuse(['code'], 'BLANK', "Code can't be blank");
    else if (code.length > maxCodeLength) refuse(['code'], 'TOO_LONG', 'Code is too long (maximum is 255 characters)');
    else if (this.#codeTaken(code)) refuse(['code'], 'TAKEN', 'Code must be unique. Please try a different code.');
    if (!input.startsAt) refuse(['startsAt'], 'BLANK', "Starts at can't be blank");
    if (input.startsAt && input.endsAt && new Date(input.endsAt) <= new Date(input.startsAt)) {
      refuse(['endsAt'], 'END_DATE_BEFORE_START_DATE', 'Ends at needs to be after starts_at');
    }
    if (!input.context || (input.context.all !== 'ALL' && !input.context.customers && !input.context.customerSegments)) {
      refuse(['context'], 'BLANK', 'Context must name the buyers who can use the discount');
    }
    const value = input.customerGets?.value;
    const percentage = value?.percentage;
    const amount = value?.discountAmount?.amount;
    if (!input.customerGets || !value || (percentage == null && amount == null)) {
      refuse(['customerGets', 'value'], 'BLANK', "Value can't be blank");
    } else if (percentage != null && amount != null) {
      refuse(['customerGets', 'value'], 'INVALID', 'Value must be a percentage or an amount, not both');
    } else if (percentage != null && (percentage < 0 || percentage > 1)) {
      refuse(['customerGets', 'value', 'percentage'], 'VALUE_OUTSIDE_RANGE', 'Value must be between 0.0 and 1.0');
    } else if (amount != null && !(Number(amount) > 0)) {
      refuse(['customerGets', 'value', 'discountAmount', 'amount'], 'GREATER_THAN', 'Value must be greater than 0');
    }
    if (!input.customerGets?.items?.all) {
      // The app gives whole-order prizes; products and collections are not modelled.
      refuse(['customerGets', 'items'], 'BLANK', 'Items must be given (the fake models items: { all: true } only)');
    }
    if (input.usageLimit != null && input.usageLimit < 1) {
      refuse(['usageLimit'], 'GREATER_THAN', 'Usage limit must be greater than 0');
    }
    if (userErrors.length > 0) return { codeDiscountNode: null, userErrors };
    const now = new Date().toISOString();
    const discount: FakeCodeDiscount = {
      id: nextId('DiscountCodeNode'),
      title: input.title!.trim(),
      startsAt: new Date(input.startsAt!).toISOString(),
      endsAt: input.endsAt ? new Date(input.endsAt).toISOString() : null,
      usageLimit: input.usageLimit ?? null,
      appliesOncePerCustomer: input.appliesOncePerCustomer ?? false,
      value:
        percentage != null
          ? { percentage }
          : { amount: String(amount), appliesOnEachItem: value?.discountAmount?.appliesOnEachItem ?? false },
      combinesWith: {
        orderDiscounts: input.combinesWith?.orderDiscounts ?? false,
        productDiscounts: input.combinesWith?.productDiscounts ?? false,
        shippingDiscounts: input.combinesWith?.shippingDiscounts ?? false,
      },
      codes: [{ id: nextId('DiscountRedeemCode'), code, asyncUsageCount: 0 }],
      createdAt: now,
    };
    this.#discounts.push(discount);
    return { codeDiscountNode: presentNode(discount), userErrors };
  }

  #bulkAdd(discountId: string, codes: { code: string }[]) {
    const refuse = (field: string[], code: string, message: string) => ({
      bulkCreation: null,
      userErrors: [{ field, code, message }],
    });
    const discount = this.byId(discountId);
    if (!discount) return refuse(['discountId'], 'INVALID', 'Code discount does not exist.');
    if (codes.length === 0) return refuse(['codes'], 'BLANK', "Codes can't be blank");
    if (codes.length > maxCodesPerCall) {
      return refuse(['codes'], 'TOO_MANY_ARGUMENTS', `Codes can have at most ${maxCodesPerCall} codes per call`);
    }
    const creation: FakeBulkCreation = {
      id: nextId('DiscountRedeemCodeBulkCreation'),
      discountId,
      createdAt: new Date().toISOString(),
      pollsLeft: this.pollsBeforeDone,
      done: false,
      results: codes.map(({ code }) => ({ code, errors: [], created: null })),
    };
    this.#bulkCreations.push(creation);
    if (creation.pollsLeft <= 0) this.#run(creation);
    return { bulkCreation: presentBulkCreation(creation, discount), userErrors: [] };
  }

  /** The background work: each code is created or fails on its own. */
  #run(creation: FakeBulkCreation) {
    creation.done = true;
    const discount = this.byId(creation.discountId)!;
    const seen = new Set<string>();
    for (const result of creation.results) {
      const code = result.code.trim();
      const fail = (errorCode: string, message: string) => result.errors.push({ field: ['code'], code: errorCode, message });
      if (!code) fail('BLANK', "Code can't be blank");
      else if (code.length > maxCodeLength) fail('TOO_LONG', 'Code is too long (maximum is 255 characters)');
      else if (seen.has(code.toUpperCase()) || this.#codeTaken(code))
        fail('TAKEN', 'Code must be unique. Please try a different code.');
      else if (this.rejectCodes(code)) fail('INVALID', 'Code is invalid');
      seen.add(code.toUpperCase());
      if (result.errors.length > 0) continue;
      result.created = { id: nextId('DiscountRedeemCode'), code, asyncUsageCount: 0 };
      discount.codes.push(result.created);
    }
  }

  #readBulkCreation(id: string) {
    const creation = this.#bulkCreations.find((candidate) => candidate.id === id);
    if (!creation) return null;
    if (creation.pollsLeft > 0) creation.pollsLeft -= 1;
    else if (!creation.done) this.#run(creation);
    return presentBulkCreation(creation, this.byId(creation.discountId)!);
  }
}

function connection<T extends { id?: string; code: string }>(
  items: T[],
  args: { first?: number; last?: number; after?: string },
) {
  if (args.first === undefined && args.last === undefined) throw new Error('you must provide one of first or last');
  if (args.after !== undefined) throw new Error('fake Shopify: this connection has no cursors');
  if ((args.first ?? args.last)! > maxCodesPerCall)
    throw new Error(`fake Shopify: first and last are at most ${maxCodesPerCall}`);
  const page = args.first !== undefined ? items.slice(0, args.first) : items.slice(-args.last!);
  const cursor = (item: T) => Buffer.from(item.id ?? item.code).toString('base64');
  return {
    nodes: page,
    edges: page.map((node) => ({ node, cursor: cursor(node) })),
    pageInfo: {
      hasNextPage: args.first !== undefined && items.length > page.length,
      hasPreviousPage: args.last !== undefined && items.length > page.length,
      startCursor: page[0] ? cursor(page[0]) : null,
      endCursor: page.at(-1) ? cursor(page.at(-1)!) : null,
    },
  };
}

function presentBulkCreation(creation: FakeBulkCreation, discount: FakeCodeDiscount) {
  const { done } = creation;
  const created = creation.results.filter((result) => result.created).length;
  return {
    id: creation.id,
    createdAt: creation.createdAt,
    done,
    codesCount: creation.results.length,
    importedCount: done ? created : 0,
    failedCount: done ? creation.results.length - created : 0,
    discountCode: presentNode(discount),
    codes: (args: { first?: number; last?: number; after?: string }) =>
      connection(
        creation.results.map((result) => ({
          code: result.code,
          errors: done ? result.errors : [],
          discountRedeemCode: done ? result.created : null,
        })),
        args,
      ),
  };
}

function presentNode(discount: FakeCodeDiscount | undefined) {
  if (!discount) return null;
  const now = new Date();
  const status =
    new Date(discount.startsAt) > now ? 'SCHEDULED' : discount.endsAt && new Date(discount.endsAt) <= now ? 'EXPIRED' : 'ACTIVE';
  const value =
    'percentage' in discount.value
      ? { __typename: 'DiscountPercentage', percentage: discount.value.percentage }
      : {
          __typename: 'DiscountAmount',
          // The fake shop sells in USD.
          amount: { amount: discount.value.amount, currencyCode: 'USD' },
          appliesOnEachItem: discount.value.appliesOnEachItem,
        };
  return {
    __typename: 'DiscountCodeNode',
    id: discount.id,
    codeDiscount: {
      __typename: 'DiscountCodeBasic',
      title: discount.title,
      status,
      startsAt: discount.startsAt,
      endsAt: discount.endsAt,
      createdAt: discount.createdAt,
      updatedAt: discount.createdAt,
      usageLimit: discount.usageLimit,
      appliesOncePerCustomer: discount.appliesOncePerCustomer,
      asyncUsageCount: discount.codes.reduce((sum, code) => sum + code.asyncUsageCount, 0),
      codesCount: { count: discount.codes.length, precision: 'EXACT' },
      codes: (args: { first?: number; last?: number; after?: string }) => connection(discount.codes, args),
      combinesWith: { ...discount.combinesWith },
      context: { __typename: 'DiscountBuyerSelectionAll', all: 'ALL' },
      customerGets: {
        value,
        items: { __typename: 'AllDiscountItems', allItems: true },
        appliesOnOneTimePurchase: true,
        appliesOnSubscription: false,
      },
    },
  };
}
