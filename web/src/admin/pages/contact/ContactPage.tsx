import { Banner, BlockStack, Button, Card, Form, FormLayout, Layout, Link, Page, Text, TextField } from '@shopify/polaris';
import { contactLimits, contactMessages, ZContactRequest } from '@quizlead/shared/schemas/contact.ts';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { getSupportEmail, sendContactMessage } from '../../api/contact.ts';
import { useResource } from '../../data/useResource.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { useShowToast } from '../../toast.ts';

/** /app/Contactus (spec: builder-widgets-shell.md §2.8): one message to the product's support. */
export function ContactPage() {
  const [failure, setFailure] = useState<string>();
  const showToast = useShowToast();
  const support = useResource(['support-email'], getSupportEmail);
  const form = useSchemaForm({
    initial: { message: '' },
    schema: ZContactRequest,
    save(body) {
      setFailure(undefined);
      return sendContactMessage(body);
    },
    saved(sent, reset) {
      reset();
      showToast(sent.message);
    },
    // A refusal naming no field (and any other failure) is said above the form, in place of the last one.
    refused: (message, field) => {
      if (!field) setFailure(message);
    },
    failed: (error) => setFailure(errorMessage(error)),
  });

  return (
    <Page title="Contact Us" subtitle="Ask a question or tell us what would make the product better. We answer by email.">
      <Layout>
        <Layout.Section>
          <Card>
            <Form onSubmit={form.submit}>
              <FormLayout>
                {failure ? (
                  <Banner tone="critical" title={contactMessages.sendErrorTitle} onDismiss={() => setFailure(undefined)}>
                    <p>{failure}</p>
                  </Banner>
                ) : null}
                <TextField
                  label="Message"
                  {...form.field('message')}
                  multiline={6}
                  maxLength={contactLimits.messageLength}
                  showCharacterCount
                  autoComplete="off"
                />
                <Button submit variant="primary" loading={form.saving}>
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
