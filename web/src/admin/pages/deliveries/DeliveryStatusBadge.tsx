import { Badge } from '@shopify/polaris';
import type { BadgeProps } from '@shopify/polaris';
import { deliveryStatusLabels, type TDeliveryStatus } from '@quizlead/shared/schemas/deliveries.ts';

const tones: Record<TDeliveryStatus, Pick<BadgeProps, 'tone' | 'progress'>> = {
  pending: { tone: 'info', progress: 'incomplete' },
  delivering: { tone: 'attention', progress: 'partiallyComplete' },
  delivered: { tone: 'success', progress: 'complete' },
  failed: { tone: 'warning', progress: 'partiallyComplete' },
  dead: { tone: 'critical', progress: 'incomplete' },
};

export function DeliveryStatusBadge({ status }: { status: TDeliveryStatus }) {
  return <Badge {...tones[status]}>{deliveryStatusLabels[status]}</Badge>;
}
