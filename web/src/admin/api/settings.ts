import type { TMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import type {
  TAdPixelDefaults,
  TConnectionTest,
  TCrmSetting,
  TCrmSettingsRequest,
  TIntegrations,
  TNotificationSetting,
  TNotificationSettingsRequest,
  TShopifyCustomers,
  TWebhookEndpoint,
  TWebhookUpdateRequest,
  TWebhookWithSecret,
} from '@quizlead/shared/schemas/integrations.ts';
import type { TDestinationPreview, TPreviewItemKind } from '@quizlead/shared/schemas/destinationPreview.ts';
import { api } from './client.ts';

/** Settings → Integrations (server/src/routes/api/settings). */

export const getIntegrations = (signal?: AbortSignal) => api.get<TIntegrations>('/api/v1/settings/integrations', { signal });

/** null: switched off before any CRM was saved. */
export const saveCrm = (body: TCrmSettingsRequest) => api.put<TCrmSetting | null>('/api/v1/settings/crm', body);

export const testCrm = (body: TCrmSettingsRequest) => api.post<TConnectionTest>('/api/v1/settings/crm/test', body);

export const saveNotifications = (body: TNotificationSettingsRequest) =>
  api.put<TNotificationSetting>('/api/v1/settings/notifications', body);

export const saveShopifyCustomers = (enabled: boolean) =>
  api.put<TShopifyCustomers>('/api/v1/settings/shopify-customers', { enabled });

export const saveAdPixels = (body: TAdPixelDefaults) => api.put<TAdPixelDefaults>('/api/v1/settings/ad-pixels', body);

const webhookPath = (id: string) => `/api/v1/settings/webhooks/${encodeURIComponent(id)}`;

export const addWebhook = (url: string) => api.post<TWebhookWithSecret>('/api/v1/settings/webhooks', { url });

export const updateWebhook = (id: string, body: TWebhookUpdateRequest) => api.put<TWebhookEndpoint>(webhookPath(id), body);

export const deleteWebhook = (id: string) => api.delete<TMessageResponse['data']>(webhookPath(id));

export const rotateWebhookSecret = (id: string) => api.post<TWebhookWithSecret>(`${webhookPath(id)}/rotate`);

export const testWebhook = (id: string) => api.post<TConnectionTest>(`${webhookPath(id)}/test`);

/** What one sample lead (of the chosen item, else the most recent quiz) would send to the destination; nothing is sent. */
export const previewDestination = (id: string, item: { kind: TPreviewItemKind; id: string } | null, signal?: AbortSignal) =>
  api.get<TDestinationPreview>(
    `/api/v1/settings/destinations/${encodeURIComponent(id)}/preview${
      item ? `?${new URLSearchParams({ kind: item.kind, item: item.id }).toString()}` : ''
    }`,
    { signal },
  );
