import type {
  TAdminAccountChangeResponse,
  TAdminAccountDetail,
  TAdminAccountListQuery,
  TAdminAccountListResponse,
  TAdminAddTemplateRequest,
  TAdminContactMessageListResponse,
  TAdminDeleteRequest,
  TAdminDeliveryListResponse,
  TAdminDeliveryReplayResponse,
  TAdminMessageResponse,
  TAdminTemplate,
  TAdminTemplateOrderResponse,
  TAdminTemplateResponse,
  TAuditLogQuery,
  TAuditLogResponse,
  TPlanGrantRequest,
} from '@quizlead/shared/schemas/admin.ts';
import type { AccountRole } from '@quizlead/shared/permissions.ts';
import type { TAdminWebVitals } from '@quizlead/shared/schemas/webVitals.ts';
import type { TAdminDiscountCode, TDiscountCodeInput, TPlanInput, ZAdminPlan } from '@quizlead/shared/schemas/billing.ts';
import type { z } from 'zod';
import { api } from './client.ts';

/** Calls of the platform administrators' area, /app/Admin (server/src/routes/api/admin/). */

export type AdminPlan = z.infer<typeof ZAdminPlan>;
export type AccountPage = TAdminAccountListResponse['data'];
export type AccountChange = TAdminAccountChangeResponse['data'];
export type DeliveryFailurePage = TAdminDeliveryListResponse['data'];
export type ContactMessagePage = TAdminContactMessageListResponse['data'];
export type AuditPage = TAuditLogResponse['data'];
type Message = TAdminMessageResponse['data'];

const base = '/api/v1/admin';
const id = (value: string | number) => encodeURIComponent(String(value));

/** `?name=value` of the values set (an empty search or the first page are not sent). */
function queryOf(query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '' || (name === 'page' && value === 1)) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

// Accounts and users

export const listAccounts = (query: TAdminAccountListQuery, signal?: AbortSignal) =>
  api.get<AccountPage>(`${base}/accounts${queryOf(query)}`, { signal });

export const getAccount = (accountId: string, signal?: AbortSignal) =>
  api.get<TAdminAccountDetail>(`${base}/accounts/${id(accountId)}`, { signal });

export const grantPlan = (accountId: string, grant: TPlanGrantRequest) =>
  api.post<AccountChange>(`${base}/accounts/${id(accountId)}/plan-grants`, grant);

/** Ends every paid period in force (granted or bought): the account is on the free plan. */
export const endPlan = (accountId: string) => api.post<AccountChange>(`${base}/accounts/${id(accountId)}/plan-grants/end`);

export const deleteAccount = (accountId: string, confirmation: TAdminDeleteRequest) =>
  api.delete<Message>(`${base}/accounts/${id(accountId)}`, { json: confirmation });

const userPath = (userId: string) => `${base}/users/${id(userId)}`;

export const verifyUser = (userId: string) => api.post<AccountChange>(`${userPath(userId)}/verify`);

export const disableUser = (userId: string) => api.post<AccountChange>(`${userPath(userId)}/disable`);

export const enableUser = (userId: string) => api.post<AccountChange>(`${userPath(userId)}/enable`);

export const setUserRole = (userId: string, role: AccountRole) => api.put<AccountChange>(`${userPath(userId)}/role`, { role });

export const setPlatformAdmin = (userId: string, platformAdmin: boolean) =>
  api.put<AccountChange>(`${userPath(userId)}/platform-admin`, { platformAdmin });

export const deleteUser = (userId: string, confirmation: TAdminDeleteRequest) =>
  api.delete<AccountChange>(userPath(userId), { json: confirmation });

// Plans and discount codes (server/src/routes/api/admin/billing.ts)

export const listPlans = (signal?: AbortSignal) => api.get<AdminPlan[]>(`${base}/plans`, { signal });

export const createPlan = (plan: TPlanInput) => api.post<AdminPlan>(`${base}/plans`, plan);

export const updatePlan = (planId: number, plan: TPlanInput) => api.put<AdminPlan>(`${base}/plans/${id(planId)}`, plan);

export const listDiscountCodes = (signal?: AbortSignal) => api.get<TAdminDiscountCode[]>(`${base}/discount-codes`, { signal });

export const createDiscountCode = (code: TDiscountCodeInput) => api.post<TAdminDiscountCode>(`${base}/discount-codes`, code);

export const updateDiscountCode = (codeId: string, code: TDiscountCodeInput) =>
  api.put<TAdminDiscountCode>(`${base}/discount-codes/${id(codeId)}`, code);

export const setDiscountCodeRetired = (codeId: string, retired: boolean) =>
  api.patch<TAdminDiscountCode>(`${base}/discount-codes/${id(codeId)}`, { retired });

// The template catalogue

export const listTemplates = (signal?: AbortSignal) => api.get<TAdminTemplate[]>(`${base}/templates`, { signal });

export const addTemplate = (request: TAdminAddTemplateRequest) =>
  api.post<TAdminTemplateResponse['data']>(`${base}/templates`, request);

export const setTemplateRetired = (templateId: string, retired: boolean) =>
  api.post<TAdminTemplateResponse['data']>(`${base}/templates/${id(templateId)}/${retired ? 'retire' : 'restore'}`);

export const orderTemplates = (ids: string[]) => api.put<TAdminTemplateOrderResponse['data']>(`${base}/templates/order`, { ids });

// Deliveries, contact messages, audit log

export const listDeliveryFailures = (page: number, signal?: AbortSignal) =>
  api.get<DeliveryFailurePage>(`${base}/deliveries${queryOf({ page })}`, { signal });

export const replayDeliveryFailure = (deliveryId: string) =>
  api.post<TAdminDeliveryReplayResponse['data']>(`${base}/deliveries/${id(deliveryId)}/replay`);

export const listContactMessages = (page: number, signal?: AbortSignal) =>
  api.get<ContactMessagePage>(`${base}/contact-messages${queryOf({ page })}`, { signal });

/** The admin's field web vitals: p75 and samples per page, shell and metric over 28 days. */
export const loadWebVitals = (signal?: AbortSignal) => api.get<TAdminWebVitals>(`${base}/web-vitals`, { signal });

export const listAuditLog = (query: TAuditLogQuery, signal?: AbortSignal) =>
  api.get<AuditPage>(`${base}/audit-log${queryOf(query)}`, { signal });
