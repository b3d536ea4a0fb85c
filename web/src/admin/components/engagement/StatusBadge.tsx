import { Badge } from '@shopify/polaris';
import type { EngagementStatus } from '@quizlead/shared/engagement.ts';

export const statusLabels: Record<EngagementStatus, string> = { published: 'Published', unpublished: 'Unpublished' };

export function StatusBadge({ status }: { status: EngagementStatus }) {
  return <Badge tone={status === 'published' ? 'success' : undefined}>{statusLabels[status]}</Badge>;
}
