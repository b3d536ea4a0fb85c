import { z } from 'zod';
import { billingMessages, formatMoney, yearlyDiscountPercent } from '@quizlead/shared/billing.ts';
import {
  ZCheckoutResponse,
  ZDiscountValidationResponse,
  ZPaymentResponse,
  ZPlansResponse,
  ZQuoteRequest,
  ZQuoteResponse,
  ZValidateDiscountRequest,
} from '@quizlead/shared/schemas/billing.ts';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import { checkoutCreator } from '../../../commands/checkoutCreator.ts';
import { billingSettings, checkoutQuoter } from '../../../commands/checkoutQuoter.ts';
import { paymentCanceller, paymentCapturer } from '../../../commands/paymentCapturer.ts';
import { freePlan, listedPlans, periodInForce, renewedUntil } from '../../../db/queries/billing.ts';
import { findOwnPayment, requireStandaloneAccount } from '../../../policies/billing.ts';
import { presentCurrentPlan, presentPayment, presentPlan, presentQuote } from '../../../presenters/billing.ts';
import type { ApiRouter, RateLimit } from '../../apiRouter.ts';

const ZPaymentParams = z.object({ id: ZId });

/**
 * Plans and checkout of standalone accounts (spec §2 Plans, §7 payment/*): the cards, quotes and
 * discount codes, and paying on PayPal. Every amount is the server's; the browser sends a choice.
 */
export function billingRoutes(api: ApiRouter): void {
  const { limiters } = api.services;
  const codeAttempts: RateLimit<{ discountCode?: string | undefined }>[] = [
    { limiter: limiters.discountCodeByAccount, by: (_body, ctx) => ctx.state.auth?.accountId ?? ctx.ip },
  ];

  api.route({
    method: 'get',
    path: '/billing/plans',
    summary: 'The Plans page: the listed plans (the current one marked), the plan in force, the tax rate and the currency',
    tags: ['billing'],
    access: 'owner',
    can: 'billing.read',
    responses: { 200: ZPlansResponse, 404: 'A Shopify shop (billed by Shopify)' },
    handler: async ({ ctx, db, auth, services }) => {
      await requireStandaloneAccount(db, auth);
      const now = new Date();
      const [plans, inForce, free] = await Promise.all([listedPlans(db), periodInForce(db, auth.accountId, now), freePlan(db)]);
      const renewal = inForce ? await renewedUntil(db, auth.accountId, inForce.period.endsAt) : undefined;
      // A paid account on a plan no longer listed sees the flagged card as its own (the spec's "current paid plan").
      const ownPlanListed = inForce ? plans.some((plan) => plan.id === inForce.plan.id) : true;
      const isCurrent = (planId: number, flagged: boolean) =>
        inForce ? planId === inForce.plan.id || (!ownPlanListed && flagged) : planId === free.id;
      ctx.body = ZPlansResponse.parse({
        data: {
          plans: plans.map((plan) => presentPlan(plan, isCurrent(plan.id, plan.currentForUnlisted))),
          current: presentCurrentPlan(inForce, free, renewal),
          currency: services.env.BILLING_CURRENCY,
          taxRatePercent: services.env.TAX_RATE_PERCENT,
          yearlyDiscountPercent,
        },
      });
    },
  });

  api.route({
    method: 'post',
    path: '/billing/quote',
    summary:
      'What a checkout would charge: price, discount, credit for an unused period, tax and total in cents. 400 naming planId (the free plan, the plan in force) or discountCode',
    tags: ['billing'],
    access: 'owner',
    can: 'billing.pay',
    body: ZQuoteRequest,
    rateLimit: codeAttempts,
    responses: { 200: ZQuoteResponse, 400: 'A plan that cannot be bought now, or a discount code that cannot be used' },
    handler: async ({ ctx, db, auth, body, services }) => {
      await requireStandaloneAccount(db, auth);
      const quote = await checkoutQuoter(db, billingSettings(services.env), auth.accountId, body);
      ctx.body = { data: presentQuote(quote) };
    },
  });

  api.route({
    method: 'post',
    path: '/billing/discount-codes/validate',
    summary:
      "The spec's discount validation: the discount amount, a message and paypalflag (something is still due), with the quote",
    tags: ['billing'],
    access: 'owner',
    can: 'billing.pay',
    body: ZValidateDiscountRequest,
    rateLimit: codeAttempts,
    responses: {
      200: ZDiscountValidationResponse,
      400: 'Empty, unknown, expired, used-up or inapplicable code (field discountCode)',
    },
    handler: async ({ ctx, db, auth, body, services }) => {
      await requireStandaloneAccount(db, auth);
      const quote = presentQuote(await checkoutQuoter(db, billingSettings(services.env), auth.accountId, body));
      ctx.body = {
        data: {
          discountAmountCents: quote.discountCents,
          message: billingMessages.discountApplied(formatMoney(quote.discountCents, quote.currency)),
          paypalFlag: quote.paypalFlag,
          quote,
        },
      };
    },
  });

  api.route({
    method: 'post',
    path: '/billing/checkouts',
    summary:
      "Starts paying for a plan: the payment and PayPal's order (approveUrl: PayPal's page). Nothing due: the plan starts at once. PayPal refusing: the payment is failed with its message",
    tags: ['billing'],
    access: 'owner',
    can: 'billing.pay',
    body: ZQuoteRequest,
    rateLimit: codeAttempts,
    responses: { 200: ZCheckoutResponse, 400: 'As for a quote', 503: 'Payments are not set up on this server' },
    handler: async ({ ctx, db, auth, body, services }) => {
      await requireStandaloneAccount(db, auth);
      const { payment, approveUrl } = await checkoutCreator(services, auth.accountId, body);
      const row = await findOwnPayment(db, auth, payment.id);
      ctx.body = { data: { payment: presentPayment(row.payment, row.planName, row.invoiceId), approveUrl: approveUrl ?? null } };
    },
  });

  api.route({
    method: 'get',
    path: '/billing/payments/:id',
    summary: 'A payment: its status and what the owner is told',
    tags: ['billing'],
    access: 'owner',
    can: 'billing.read',
    params: ZPaymentParams,
    responses: { 200: ZPaymentResponse, 404: 'Not a payment of this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const row = await findOwnPayment(db, auth, params.id);
      ctx.body = { data: presentPayment(row.payment, row.planName, row.invoiceId) };
    },
  });

  api.route({
    method: 'post',
    path: '/billing/payments/:id/capture',
    summary:
      "Back from PayPal: captures the approved order, once (completed: 'Your payment is successful.'; failed: PayPal's message; created: PayPal has not confirmed yet)",
    tags: ['billing'],
    access: 'owner',
    can: 'billing.pay',
    params: ZPaymentParams,
    responses: { 200: ZPaymentResponse, 404: 'Not a payment of this account' },
    handler: async ({ ctx, db, auth, params, services }) => {
      const row = await findOwnPayment(db, auth, params.id);
      await paymentCapturer(services, row.payment);
      const after = await findOwnPayment(db, auth, params.id);
      ctx.body = { data: presentPayment(after.payment, after.planName, after.invoiceId) };
    },
  });

  api.route({
    method: 'post',
    path: '/billing/payments/:id/cancel',
    summary: "The owner left PayPal's page: the open payment is cancelled (a completed one stays completed)",
    tags: ['billing'],
    access: 'owner',
    can: 'billing.pay',
    params: ZPaymentParams,
    responses: { 200: ZPaymentResponse, 404: 'Not a payment of this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const row = await findOwnPayment(db, auth, params.id);
      const payment = await paymentCanceller(db, row.payment);
      ctx.body = { data: presentPayment(payment, row.planName, row.invoiceId) };
    },
  });
}
