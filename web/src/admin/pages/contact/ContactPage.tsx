import { Banner, BlockStack, Button, Card, Form, FormLayout, Layout, Link, Page, Text, TextField } from '@shopify/polaris';
import { contactLimits, contactMessages } from '@quizlead/shared/schemas/contact.ts';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { getSupportEmail, sendContactMessage } from '../../api/contact.ts';
import { useResource } from '../../data/useResource.ts';
import { useShowToast } from '../../toast.ts';

/** /app/Contactus (spec: builder-widgets-shell.md §2.8): one message to the product's support. */
export function ContactPage() {
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const showToast = useShowToast();
  const support = useResource(['support-email'], getSupportEmail);

  async function submit() {
    if (message.trim() === '') {
      setFieldError(contactMessages.messageRequired);
      return;
    }
    setSending(true);
    setFailure(undefined);
    try {
      const sent = await sendContactMessage({ message });
      setMessage('');
      showToast(sent.message);
    } catch (error) {
      if (error instanceof ApiError && error.field === 'message') setFieldError(error.message);
      else setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Page title="Contact Us" subtitle="Ask a question or tell us what would make the product better. We answer by email.">
      <Layout>
        <Layout.Section>
          <Card>
            <Form onSubmit={() => void submit()}>
              <FormLayout>
                {failure ? (
                  <Banner tone="critical" title={contactMessages.sendErrorTitle} onDismiss={() => setFailure(undefined)}>
                    <p>{failure}</p>
                  </Banner>
                ) : null}
                <TextField
                  label="Message"
                  value={message}
                  onChange={(value) => {
                    setMessage(value);
                    setFieldError(undefined);
                  }}
                  multiline={6}
                  maxLength={contactLimits.messageLength}
                  showCharacterCount
                  autoComplete="off"
                  error={fieldError}
                />
                <Button submit variant="primary" loading={sending}>
                  Submit
                </Button>
              </FormLayout>
            </Form>
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm">
                Support
              </Text>
              {support.data ? (
                <Text as="p">
                  Or write to <Link url={`mailto:${support.data}`}>{support.data}</Link>.
                </Text>
              ) : (
                <Text as="p" tone="subdued">
                  Messages reach our support team.
                </Text>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
