import { BlockStack, Button, Card, Form, FormLayout, InlineStack, Page, type PageProps } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { ValidationBanner, type Problem } from './ValidationBanner.tsx';
import './engagement.css';

interface Props {
  title: string;
  subtitle?: string;
  backAction: PageProps['backAction'];
  /** Where Cancel goes: the kind's list. */
  cancelUrl: string;
  submitLabel: string;
  form: { submit(): void; saving: boolean; problem: Problem | null; dismissProblem(): void };
  /** The live preview beside the form (under it on a phone). */
  preview: ReactNode;
  /** The form's fields. */
  children: ReactNode;
  /** Under the form, with its own save: a saved item's Languages place. */
  after?: ReactNode;
}

/**
 * The page every poll, web response and wheel form is built in: the 'Validation Error' banner, the
 * fields in a card, Cancel and the save button, and the preview beside them.
 */
export function EngagementFormPage({
  title,
  subtitle,
  backAction,
  cancelUrl,
  submitLabel,
  form,
  preview,
  children,
  after,
}: Props) {
  return (
    <Page title={title} subtitle={subtitle} backAction={backAction}>
      <div className="ql-engagement-editor">
        <BlockStack gap="400">
          <ValidationBanner problem={form.problem} onDismiss={form.dismissProblem} />
          <Card>
            <Form onSubmit={form.submit} noValidate implicitSubmit={false}>
              <BlockStack gap="500">
                <FormLayout>{children}</FormLayout>
                <InlineStack align="end" gap="200">
                  <Button url={cancelUrl} disabled={form.saving}>
                    Cancel
                  </Button>
                  <Button variant="primary" submit loading={form.saving}>
                    {submitLabel}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Form>
          </Card>
          {after}
        </BlockStack>
        <div className="ql-engagement-editor__preview">{preview}</div>
      </div>
    </Page>
  );
}
