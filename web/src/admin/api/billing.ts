import type { z } from 'zod';
import type {
  TCheckoutResponse,
  TInvoice,
  TInvoiceRow,
  TPayment,
  TPlansResponse,
  TQuote,
  TQuoteRequest,
  TValidateDiscountRequest,
  ZDiscountValidationResponse,
} from '@quizlead/shared/schemas/billing.ts';
import { api } from './client.ts';

/** Calls of the standalone Plans and Invoices screens (server/src/routes/api/billing/). */

export type PlansPage = TPlansResponse['data'];
export type DiscountValidation = z.infer<typeof ZDiscountValidationResponse>['data'];
export type Checkout = TCheckoutResponse['data'];

export const getPlans = (signal?: AbortSignal) => api.get<PlansPage>('/api/v1/billing/plans', { signal });

export const quoteCheckout = (choice: TQuoteRequest, signal?: AbortSignal) =>
  api.post<TQuote>('/api/v1/billing/quote', choice, { signal });

export const validateDiscountCode = (choice: TValidateDiscountRequest) =>
  api.post<DiscountValidation>('/api/v1/billing/discount-codes/validate', choice);

export const createCheckout = (choice: TQuoteRequest) => api.post<Checkout>('/api/v1/billing/checkouts', choice);

const paymentPath = (id: string) => `/api/v1/billing/payments/${encodeURIComponent(id)}`;

export const getPayment = (id: string, signal?: AbortSignal) => api.get<TPayment>(paymentPath(id), { signal });

/** Collects the payment the owner approved on PayPal's page. */
export const capturePayment = (id: string) => api.post<TPayment>(`${paymentPath(id)}/capture`);

/** The owner left PayPal's page without paying. */
export const cancelPayment = (id: string) => api.post<TPayment>(`${paymentPath(id)}/cancel`);

export const listInvoices = (signal?: AbortSignal) => api.get<TInvoiceRow[]>('/api/v1/invoices', { signal });

export const getInvoice = (id: string, signal?: AbortSignal) =>
  api.get<TInvoice>(`/api/v1/invoices/${encodeURIComponent(id)}`, { signal });

/** The invoice's PDF, served as an attachment: a plain link downloads it with the session cookie. */
export const invoicePdfUrl = (id: string) => `/api/v1/invoices/${encodeURIComponent(id)}/pdf`;
