import { Box, Card, EmptyState, Page } from '@shopify/polaris';
import { billingMessages } from '@quizlead/shared/billing.ts';
import type { TInvoiceRow } from '@quizlead/shared/schemas/billing.ts';
import { useState } from 'react';
import { listInvoices } from '../../api/billing.ts';
import emptyImage from '../../assets/welcome.svg';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../data/useResource.ts';
import { adminLink } from '../../urls.ts';
import { InvoiceModal } from './InvoiceModal.tsx';
import { InvoiceTable } from './InvoiceTable.tsx';
import { invoiceTexts } from './texts.ts';
import { LoadingCard } from '../../components/LoadingCard.tsx';
import '../../components/engagement/engagement.css';
import './invoices.css';

/**
 * /app/Invoices (standalone accounts): every invoice, newest first, with its PDF and its details.
 * Refunds show on the invoice they refunded.
 */
export function InvoicesPage() {
  const invoices = useResource(['invoices'], listInvoices);
  const [opened, setOpened] = useState<TInvoiceRow | null>(null);
  const { loaded, data } = invoices;

  let body;
  if (loaded.state === 'failed' || loaded.state === 'missing') {
    body = (
      <LoadFailed
        title={billingMessages.invoicesLoadFailed}
        message={loaded.state === 'failed' ? loaded.message : billingMessages.invoicesLoadFailed}
        onRetry={invoices.reload}
      />
    );
  } else if (!data) {
    body = <LoadingCard message={invoiceTexts.loading} lines={6} gap="300" />;
  } else if (data.length === 0) {
    body = (
      <Card>
        <EmptyState image={emptyImage} action={adminLink(invoiceTexts.seePlans, 'Plans')}>
          <p>{billingMessages.invoicesEmpty}</p>
        </EmptyState>
      </Card>
    );
  } else {
    body = (
      <Card padding="0">
        <InvoiceTable invoices={data} loading={invoices.loading} onView={setOpened} />
      </Card>
    );
  }

  return (
    <Page title={invoiceTexts.title} subtitle={invoiceTexts.subtitle}>
      {body}
      <Box paddingBlockEnd="800" />
      <InvoiceModal row={opened} onClose={() => setOpened(null)} />
    </Page>
  );
}
