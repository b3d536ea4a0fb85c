import { BlockStack, Button, InlineGrid, Modal, SkeletonBodyText, Text } from '@shopify/polaris';
import { ArrowDownIcon } from '@shopify/polaris-icons';
import { billingPeriodNames, formatDay } from '@quizlead/shared/billing.ts';
import type { TInvoice, TInvoiceRow } from '@quizlead/shared/schemas/billing.ts';
import { getInvoice, invoicePdfUrl } from '../../api/billing.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { useResource } from '../../data/useResource.ts';
import { ChargeLines } from '../plans/ChargeLines.tsx';
import { InvoiceStatusBadge } from './InvoiceStatusBadge.tsx';
import { invoiceTexts } from './texts.ts';

interface Props {
  /** The row opened; null when the dialog is closed. */
  row: TInvoiceRow | null;
  onClose(): void;
}

function Party({ heading, party }: { heading: string; party: TInvoice['seller'] }) {
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm">
        {heading}
      </Text>
      <address className="ql-invoice-party">
        <Text as="span" fontWeight="semibold">
          {party.name}
        </Text>
        {party.lines.map((line, index) => (
          <span key={index}>
            <br />
            {line}
          </span>
        ))}
      </address>
    </BlockStack>
  );
}

function InvoiceDetail({ invoice }: { invoice: TInvoice }) {
  return (
    <>
      <Modal.Section>
        <dl className="ql-engagement-pairs">
          <dt>{invoiceTexts.issued}</dt>
          <dd>{formatDay(invoice.issuedAt)}</dd>
          <dt>{invoiceTexts.transaction}</dt>
          <dd>{invoice.transactionId || '–'}</dd>
          <dt>{invoiceTexts.status}</dt>
          <dd>
            <InvoiceStatusBadge status={invoice.status} />
          </dd>
        </dl>
      </Modal.Section>
      <Modal.Section>
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="400">
          <Party heading={invoiceTexts.seller} party={invoice.seller} />
          <Party heading={invoiceTexts.buyer} party={invoice.buyer} />
        </InlineGrid>
      </Modal.Section>
      <Modal.Section>
        <BlockStack gap="300">
          <BlockStack gap="050">
            <Text as="h3" variant="headingSm">
              {invoiceTexts.item(invoice.planName, billingPeriodNames[invoice.period])}
            </Text>
            <Text as="p" tone="subdued">
              {`${formatDay(invoice.periodStart)} – ${formatDay(invoice.periodEnd)}`}
            </Text>
          </BlockStack>
          <ChargeLines charges={invoice} />
        </BlockStack>
      </Modal.Section>
    </>
  );
}

/** One invoice as issued: the parties, the period bought and its amounts, with its PDF. */
export function InvoiceModal({ row, onClose }: Props) {
  const id = row?.id ?? '';
  const detail = useResource(['invoices', id], (signal) => getInvoice(id ?? '', signal), { enabled: Boolean(id) });
  const { loaded } = detail;
  return (
    <Modal
      open={row !== null}
      onClose={onClose}
      title={row ? invoiceTexts.detailTitle(row.number) : invoiceTexts.title}
      secondaryActions={[{ content: invoiceTexts.close, onAction: onClose }]}
    >
      {loaded.state === 'loading' ? (
        <Modal.Section>
          <SkeletonBodyText lines={8} />
        </Modal.Section>
      ) : null}
      {loaded.state === 'failed' || loaded.state === 'missing' ? (
        <Modal.Section>
          <LoadFailed message={loaded.state === 'failed' ? loaded.message : invoiceTexts.missing} onRetry={detail.reload} />
        </Modal.Section>
      ) : null}
      {loaded.state === 'ready' && loaded.data ? <InvoiceDetail invoice={loaded.data} /> : null}
      {row ? (
        <Modal.Section>
          <Button icon={ArrowDownIcon} url={invoicePdfUrl(row.id)} download={`${row.number}.pdf`}>
            {invoiceTexts.downloadPdf}
          </Button>
        </Modal.Section>
      ) : null}
    </Modal>
  );
}
