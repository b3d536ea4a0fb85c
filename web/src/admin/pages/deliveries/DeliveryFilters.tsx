import { Button, InlineGrid, InlineStack, Select } from '@shopify/polaris';
import {
  deliveryStatuses,
  deliveryStatusLabels,
  deliveryToolLabels,
  type TDeliveryStatus,
  type TDestinationSummary,
} from '@quizlead/shared/schemas/deliveries.ts';
import { leadTools, type TLeadTool } from '@quizlead/shared/schemas/events.ts';
import { deliveryTexts } from './texts.ts';
import type { LogFilters } from './useDeliveryLog.ts';

const texts = deliveryTexts.filters;

const noFilters: LogFilters = { status: '', destinationId: '', tool: '' };

export const hasFilters = (filters: LogFilters) => Boolean(filters.status || filters.destinationId || filters.tool);

interface Props {
  filters: LogFilters;
  /** Every destination of the account, switched-off ones included. */
  destinations: readonly TDestinationSummary[];
  onChange(next: LogFilters): void;
}

/** Destination, status and tool: side by side on wide screens, one under another on phones. */
export function DeliveryFilters({ filters, destinations, onChange }: Props) {
  const destinationOptions = [
    { label: texts.allDestinations, value: '' },
    ...destinations.map((destination) => ({
      label: destination.enabled ? destination.name : `${destination.name} (${texts.switchedOff})`,
      value: destination.id,
    })),
  ];
  // A destination named in the address that is not (or no longer) the account's lists nothing: say so.
  if (filters.destinationId && !destinations.some((destination) => destination.id === filters.destinationId)) {
    destinationOptions.push({ label: texts.unknownDestination, value: filters.destinationId });
  }
  return (
    <InlineGrid columns={{ xs: 1, md: 3 }} gap="300" alignItems="end">
      <Select
        label={texts.destination}
        options={destinationOptions}
        value={filters.destinationId}
        onChange={(value) => onChange({ ...filters, destinationId: value })}
      />
      <Select
        label={texts.status}
        options={[
          { label: texts.allStatuses, value: '' },
          ...deliveryStatuses.map((status) => ({ label: deliveryStatusLabels[status], value: status })),
        ]}
        value={filters.status}
        onChange={(value) => onChange({ ...filters, status: value as TDeliveryStatus | '' })}
      />
      <Select
        label={texts.tool}
        options={[
          { label: texts.allTools, value: '' },
          ...leadTools.map((tool) => ({ label: deliveryToolLabels[tool], value: tool })),
        ]}
        value={filters.tool}
        onChange={(value) => onChange({ ...filters, tool: value as TLeadTool | '' })}
      />
    </InlineGrid>
  );
}

/** Shown when the filters leave nothing. */
export function ClearFilters({ onChange }: Pick<Props, 'onChange'>) {
  return (
    <InlineStack align="center">
      <Button onClick={() => onChange(noFilters)}>{texts.clear}</Button>
    </InlineStack>
  );
}
