import { Badge } from '@shopify/polaris';
import { invoiceStatusLabels, type TInvoiceStatus } from '@quizlead/shared/billing.ts';

export function InvoiceStatusBadge({ status }: { status: TInvoiceStatus }) {
  return (
    <Badge tone={status === 'paid' ? 'success' : 'info'} progress={status === 'paid' ? 'complete' : undefined}>
      {invoiceStatusLabels[status]}
    </Badge>
  );
}
