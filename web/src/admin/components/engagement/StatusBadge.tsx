import { Badge } from '@shopify/polaris';
import type { WidgetStatus } from '@quizlead/shared/engagement.ts';

export const statusLabels: Record<WidgetStatus, string> = { published: 'Published', unpublished: 'Unpublished' };

export function StatusBadge({ status }: { status: WidgetStatus }) {
  return <Badge tone={status === 'published' ? 'success' : undefined}>{statusLabels[status]}</Badge>;
}
