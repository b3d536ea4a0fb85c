import type { TDeliveryAttempt, TDeliveryRow, TDestinationSummary } from '@quizlead/shared/schemas/deliveries.ts';
import { destinationKindLabels } from '@quizlead/shared/schemas/deliveries.ts';
import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import type { deliveries, deliveryAttempts, destinations } from '../db/schema/index.ts';
import { findCrmProvider } from '../integrations/crm/providers.ts';

type DestinationRow = typeof destinations.$inferSelect;
type DeliveryRow = typeof deliveries.$inferSelect;
type AttemptRow = typeof deliveryAttempts.$inferSelect;

/** How the owner knows a destination: the CRM's name, the endpoint's URL, or the kind. */
export function destinationName(destination: Pick<DestinationRow, 'kind' | 'provider' | 'url'>): string {
  if (destination.kind === 'crm') return findCrmProvider(destination.provider ?? '')?.label ?? 'CRM';
  if (destination.kind === 'webhook') return destination.url ?? 'Webhook';
  return destinationKindLabels[destination.kind];
}

export function presentDestinationSummary(destination: DestinationRow): TDestinationSummary {
  return {
    id: destination.id,
    kind: destination.kind,
    name: destinationName(destination),
    enabled: destination.enabled && !destination.disabledReason,
    disabledReason: destination.disabledReason,
  };
}

export function presentDelivery(delivery: DeliveryRow, destination: DestinationRow, event: TDomainEvent): TDeliveryRow {
  return {
    id: delivery.id,
    destination: presentDestinationSummary(destination),
    eventType: event.type,
    tool: event.item.tool,
    itemTitle: event.item.title,
    email: event.visitor?.email ?? '',
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.status === 'failed' || delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    lastError: delivery.lastError,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
  };
}

export function presentAttempt(attempt: AttemptRow): TDeliveryAttempt {
  return {
    number: attempt.number,
    ok: attempt.ok,
    error: attempt.error,
    startedAt: attempt.startedAt.toISOString(),
    durationMs: attempt.durationMs,
    exchange: attempt.exchange,
  };
}
