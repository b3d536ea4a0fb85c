import { BlockStack, Card, InlineStack, Link, Text } from '@shopify/polaris';
import { adminMessages } from '@quizlead/shared/admin.ts';
import type { TAdminContactMessage } from '@quizlead/shared/schemas/admin.ts';
import { listContactMessages } from '../../api/admin.ts';
import { usePageParam } from '../../components/engagement/usePageParam.ts';
import { useResource } from '../../data/useResource.ts';
import { adminAccountUrl } from './areaUrls.ts';
import { AdminPage } from './components/AdminPage.tsx';
import { adminTime } from './components/format.ts';
import { ListBody } from './components/ListBody.tsx';
import { Pager } from './components/Pager.tsx';
import { contactMessageTexts as texts } from './texts.ts';
import '../../components/engagement/engagement.css';

/** One message: who wrote it and when, then what they wrote, as they wrote it. */
function MessageItem({ message }: { message: TAdminContactMessage }) {
  return (
    <li className="ql-engagement-list__item">
      <article aria-label={texts.from(message.email, message.companyName)}>
        <BlockStack gap="200">
          <InlineStack align="space-between" gap="200" blockAlign="start">
            <BlockStack gap="050">
              <Text as="h2" variant="headingSm" breakWord>
                {message.email}
              </Text>
              <Link
                url={adminAccountUrl(message.accountId)}
                accessibilityLabel={texts.openAccountLabel(message.companyName || message.accountId)}
              >
                {message.companyName || texts.openAccount}
              </Link>
            </BlockStack>
            <Text as="p" tone="subdued" variant="bodySm">
              <time dateTime={message.createdAt}>{adminTime(message.createdAt)}</time>
            </Text>
          </InlineStack>
          <p className="ql-admin-message">{message.message}</p>
        </BlockStack>
      </article>
    </li>
  );
}

/** /app/Admin/contact-messages: what owners sent through Contact Us, newest first. */
export function ContactMessagesPage() {
  const [page, setPage] = usePageParam();
  const list = useResource(['contact-messages', page], (signal) => listContactMessages(page, signal));

  return (
    <AdminPage title={texts.title} subtitle={texts.subtitle}>
      <ListBody list={list} isEmpty={(found) => found.items.length === 0} empty={adminMessages.noContactMessages}>
        {(found) => (
          <Card padding="0">
            <ul className="ql-engagement-list" aria-label={texts.title} aria-busy={list.loading || undefined}>
              {found.items.map((message) => (
                <MessageItem key={message.id} message={message} />
              ))}
            </ul>
            <Pager list={found} label={texts.title} onChange={setPage} />
          </Card>
        )}
      </ListBody>
    </AdminPage>
  );
}
