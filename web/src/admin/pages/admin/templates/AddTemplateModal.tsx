import { BlockStack, Form, Modal, TextField } from '@shopify/polaris';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { useState } from 'react';
import { addTemplate } from '../../../api/admin.ts';
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
  // Given a new key at each opening (useDialog), the box starts empty.
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const busy = action.busy === 'add-template';

  async function submit() {
    if (busy) return;
    const quizId = quizIdFromText(text);
    if (quizId === '') {
      setError(adminMessages.quizNotFound);
      return;
    }
    await action.run('add-template', () => addTemplate({ quizId }), {
      success: (result) => result.message,
      onDone: onAdded,
      onFieldError: (_field, message) => {
        // The request has one field: whatever the server refuses is about the quiz.
        setError(message);
        return true;
      },
    });
  }

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={texts.addTitle}
      primaryAction={{ content: texts.add, loading: busy, onAction: () => void submit() }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <Form onSubmit={() => void submit()} noValidate>
          <BlockStack gap="300">
            <TextField
              label={texts.quizField}
              value={text}
              onChange={(value) => {
                setText(value);
                setError(undefined);
              }}
              autoComplete="off"
              helpText={texts.quizHelp}
              error={error}
              autoFocus
            />
          </BlockStack>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
