import { Button, ButtonGroup, Tooltip } from '@shopify/polaris';
import type { IconSource } from '@shopify/polaris';

export interface RowAction {
  /** The tooltip: 'Edit', 'Preview'… */
  label: string;
  /** What a screen reader hears: 'Edit Customer survey'. */
  accessibilityLabel: string;
  icon: IconSource;
  url?: string;
  /** Opens `url` in a new window (the public pages). */
  newWindow?: boolean;
  onAction?(): void;
  destructive?: boolean;
}

/** A row's icon buttons, each with a tooltip and a spoken name. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <ButtonGroup variant="segmented">
      {actions.map((action) => (
        <Tooltip key={action.label} content={action.label}>
          <Button
            icon={action.icon}
            url={action.url}
            target={action.newWindow ? '_blank' : undefined}
            onClick={action.onAction}
            tone={action.destructive ? 'critical' : undefined}
            accessibilityLabel={action.accessibilityLabel}
          />
        </Tooltip>
      ))}
    </ButtonGroup>
  );
}
