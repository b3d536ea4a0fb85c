import { BlockStack, Form, Modal, TextField } from '@shopify/polaris';
import { ZAdminAddTemplateRequest } from '@quizlead/shared/schemas/admin.ts';
import { addTemplate } from '../../../api/admin.ts';
import { useSchemaForm } from '../../../forms/useSchemaForm.ts';
import type { useAdminAction } from '../components/useAdminAction.ts';
import { templateAdminTexts as texts } from '../texts.ts';
import { quizIdFromText } from './quizIdFromText.ts';

interface Props {
  open: boolean;
  action: ReturnType<typeof useAdminAction>;
  onClose(): void;
  onAdded(): void;
}

/** Copies any account's quiz into the catalogue, by its id or a link to it; the server checks it can be published. */
export function AddTemplateModal({ open, action, onClose, onAdded }: Props) {
  // Given a new key at each opening (useDialog), the box starts empty. It holds the text as pasted; the id in it is sent.
  const form = useSchemaForm({
    initial: { quizId: '' },
    schema: ZAdminAddTemplateRequest,
    toBody: (values) => ({ quizId: quizIdFromText(values.quizId) }),
    // The admin area's runner says how it went (a toast) and marks the dialog busy.
    save: (body) =>
      action.run('add-template', () => addTemplate(body), {
        success: (result) => result.message,
        onDone: onAdded,
        // The request has one field: whatever the server refuses is about the quiz.
        onFieldError: (_field, message): boolean => form.refuse('quizId', message),
      }),
    saved: () => {},
    failed: () => {},
  });

  const busy = action.busy === 'add-template';
  const submit = () => {
    if (!busy) form.submit();
  };

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={texts.addTitle}
      primaryAction={{ content: texts.add, loading: busy, onAction: submit }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <Form onSubmit={submit} noValidate>
          <BlockStack gap="300">
            <TextField
              label={texts.quizField}
              value={form.values.quizId}
              onChange={(value) => form.set('quizId', value)}
              autoComplete="off"
              helpText={texts.quizHelp}
              error={form.error('quizId')}
              autoFocus
            />
          </BlockStack>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
