import { daysOf, type DayRange } from '@quizlead/shared/days.ts';
import { averageMinorUnits } from '@quizlead/shared/reports.ts';
import type {
  TCurrencyRevenue,
  TPostPurchaseAnswerRow,
  TPostPurchaseChannelRow,
  TPostPurchaseReport,
} from '@quizlead/shared/schemas/postPurchaseReport.ts';
import type { Db } from '../../../db/client.ts';
import {
  answerGroupKey,
  answerGroups,
  answerLabels,
  answersPerDay,
  ordersAnswered,
  salesChannels,
  shopCurrency,
  type AnswerGroup,
  type PostPurchaseFilters,
} from '../../../db/queries/postPurchaseReport.ts';
import { ratePercent } from './revenue.ts';

/**
 * The post-purchase survey report from its grouped answers (db/queries/postPurchaseReport.ts): per
 * answer, per channel and in total, the answers, the reported orders behind them with their revenue
 * per currency (summed as BigInt, averaged with averageMinorUnits), new vs returning, and the answers
 * still waiting for their order.
 */

export interface PostPurchaseFiguresInput {
  range: DayRange;
  currency: string | null;
  groups: readonly AnswerGroup[];
  labels: ReadonlyMap<string, string>;
  days: ReadonlyMap<string, number>;
  orders: { orders: number; answered: number };
  channelOptions: string[];
}

/** Sums of one row of the report, as the groups are folded into it. */
class Tally {
  answers = 0;
  pendingOrders = 0;
  customers = { new: 0, returning: 0, unknown: 0 };
  private readonly byCurrency = new Map<string, { orders: number; revenue: bigint }>();

  add(group: AnswerGroup): void {
    this.answers += group.answers;
    this.customers[group.customer ?? 'unknown'] += group.answers;
    if (group.currency === null) {
      this.pendingOrders += group.answers;
      return;
    }
    const sums = this.byCurrency.get(group.currency) ?? { orders: 0, revenue: 0n };
    // One answer per order (post_purchase_answers is unique per order), so answers with an order are orders.
    sums.orders += group.answers;
    sums.revenue += group.revenue;
    this.byCurrency.set(group.currency, sums);
  }

  get orders(): number {
    return this.answers - this.pendingOrders;
  }

  /** The shop's currency first, then the others by orders. */
  revenue(main: string | null): TCurrencyRevenue[] {
    return [...this.byCurrency]
      .map(([currency, sums]) => ({
        currency,
        orders: sums.orders,
        revenue: Number(sums.revenue),
        averageOrderValue: averageMinorUnits(sums.revenue, sums.orders),
      }))
      .sort(
        (a, b) =>
          Number(b.currency === main) - Number(a.currency === main) ||
          b.orders - a.orders ||
          a.currency.localeCompare(b.currency),
      );
  }
}

function tallied<Key>(groups: readonly AnswerGroup[], keyOf: (group: AnswerGroup) => Key): Map<Key, Tally> {
  const tallies = new Map<Key, Tally>();
  for (const group of groups) {
    const key = keyOf(group);
    const tally = tallies.get(key) ?? new Tally();
    tally.add(group);
    tallies.set(key, tally);
  }
  return tallies;
}

export function presentPostPurchaseReport(input: PostPurchaseFiguresInput): TPostPurchaseReport {
  const { currency, groups } = input;
  const total = new Tally();
  for (const group of groups) total.add(group);

  const kinds = new Map(groups.map((group) => [answerGroupKey(group), group.itemKind]));
  const answers: TPostPurchaseAnswerRow[] = [...tallied(groups, answerGroupKey)].map(([key, tally]) => ({
    key,
    itemKind: kinds.get(key)!,
    label: input.labels.get(key) ?? key.split(':').slice(2).join(':'),
    answers: tally.answers,
    share: ratePercent(tally.answers, total.answers),
    orders: tally.orders,
    pendingOrders: tally.pendingOrders,
    revenue: tally.revenue(currency),
    customers: tally.customers,
  }));
  answers.sort((a, b) => b.answers - a.answers || a.label.localeCompare(b.label));

  // An order not reported yet has no channel: its answers are a row of their own, last.
  const channels: TPostPurchaseChannelRow[] = [
    ...tallied(groups, (group) => (group.currency === null ? null : group.channel)),
  ].map(([channel, tally]) => ({ channel, answers: tally.answers, revenue: tally.revenue(currency) }));
  channels.sort(
    (a, b) =>
      Number(a.channel === null) - Number(b.channel === null) ||
      b.answers - a.answers ||
      (a.channel ?? '').localeCompare(b.channel ?? ''),
  );

  return {
    range: input.range,
    currency,
    totals: {
      answers: total.answers,
      ordersAnswered: total.orders,
      pendingOrders: total.pendingOrders,
      revenue: total.revenue(currency),
      customers: total.customers,
      ordersInRange: input.orders.orders,
      answeredOrdersInRange: input.orders.answered,
      responseRate: ratePercent(input.orders.answered, input.orders.orders),
    },
    answers,
    days: daysOf(input.range).map((day) => ({ day, answers: input.days.get(day) ?? 0 })),
    channels,
    channelOptions: input.channelOptions,
  };
}

/** The report of the account's answers under the filters. */
export async function postPurchaseReport(db: Db, accountId: string, filters: PostPurchaseFilters): Promise<TPostPurchaseReport> {
  const [groups, labels, days, orders, currency, channelOptions] = await Promise.all([
    answerGroups(db, accountId, filters),
    answerLabels(db, accountId, filters),
    answersPerDay(db, accountId, filters),
    ordersAnswered(db, accountId, filters),
    shopCurrency(db, accountId),
    salesChannels(db, accountId),
  ]);
  return presentPostPurchaseReport({ range: filters.range, currency, groups, labels, days, orders, channelOptions });
}
