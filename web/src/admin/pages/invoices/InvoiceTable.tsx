import { BlockStack, Button, IndexTable, InlineStack, Text } from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import type { IndexTableProps } from '@shopify/polaris';
import { ArrowDownIcon } from '@shopify/polaris-icons';
import { formatDay, formatMoney } from '@quizlead/shared/billing.ts';
import type { TInvoiceRow } from '@quizlead/shared/schemas/billing.ts';
import { invoicePdfUrl } from '../../api/billing.ts';
import { InvoiceStatusBadge } from './InvoiceStatusBadge.tsx';
import { invoiceTexts } from './texts.ts';

const columns = invoiceTexts.columns;

interface Props {
  invoices: readonly TInvoiceRow[];
  loading: boolean;
  onView(invoice: TInvoiceRow): void;
}

/** The PDF (a plain link: the server sends it as an attachment) and the details. */
function InvoiceActions({ invoice, onView }: { invoice: TInvoiceRow; onView(): void }) {
  return (
    <InlineStack gap="200" align="end" wrap={false}>
      <Button size="slim" onClick={onView} accessibilityLabel={invoiceTexts.viewLabel(invoice.number)}>
        {invoiceTexts.view}
      </Button>
      <Button
        size="slim"
        icon={ArrowDownIcon}
        url={invoicePdfUrl(invoice.id)}
        download={`${invoice.number}.pdf`}
        accessibilityLabel={invoiceTexts.downloadLabel(invoice.number)}
      >
        {invoiceTexts.download}
      </Button>
    </InlineStack>
  );
}

const amount = (invoice: TInvoiceRow) => formatMoney(invoice.totalCents, invoice.currency);

/** The spec's columns on wide screens; on phones one block an invoice, so nothing is wider than the screen. */
export function InvoiceTable({ invoices, loading, onView }: Props) {
  const { smDown } = useBreakpoints();

  if (smDown) {
    return (
      <ul className="ql-engagement-list" aria-label={invoiceTexts.title} aria-busy={loading || undefined}>
        {invoices.map((invoice) => (
          <li key={invoice.id} className="ql-engagement-list__item">
            <BlockStack gap="200">
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <Text as="h2" variant="headingSm">
                  {invoice.number}
                </Text>
                <InvoiceStatusBadge status={invoice.status} />
              </InlineStack>
              <InlineStack align="space-between" gap="200">
                <Text as="p">{formatDay(invoice.issuedAt)}</Text>
                <Text as="p" fontWeight="semibold" numeric>
                  {amount(invoice)}
                </Text>
              </InlineStack>
              <Text as="p" variant="bodySm" tone="subdued" breakWord>
                {`${columns.transaction}: ${invoice.transactionId || '–'}`}
              </Text>
              <InvoiceActions invoice={invoice} onView={() => onView(invoice)} />
            </BlockStack>
          </li>
        ))}
      </ul>
    );
  }

  const headings = [
    { title: columns.number },
    { title: columns.date },
    { title: columns.transaction },
    { title: columns.amount, alignment: 'end' as const },
    { title: columns.status },
    { title: columns.actions, hidden: true },
  ] as IndexTableProps['headings'];

  return (
    <IndexTable
      resourceName={invoiceTexts.resourceName}
      itemCount={invoices.length}
      selectable={false}
      loading={loading}
      headings={headings}
    >
      {invoices.map((invoice, index) => (
        <IndexTable.Row key={invoice.id} id={invoice.id} position={index}>
          <IndexTable.Cell>
            <Text as="span" fontWeight="semibold">
              {invoice.number}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>{formatDay(invoice.issuedAt)}</IndexTable.Cell>
          <IndexTable.Cell>
            <span className="ql-invoice-cell">{invoice.transactionId || '–'}</span>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Text as="span" alignment="end" numeric>
              {amount(invoice)}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <InvoiceStatusBadge status={invoice.status} />
          </IndexTable.Cell>
          <IndexTable.Cell>
            <InvoiceActions invoice={invoice} onView={() => onView(invoice)} />
          </IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}
