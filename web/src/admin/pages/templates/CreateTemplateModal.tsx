import { Form, FormLayout, Modal, TextField } from '@shopify/polaris';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import { useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { createTemplates } from '../../api/quizzes.ts';
import { useShowToast } from '../../toast.ts';

interface Props {
  open: boolean;
  onClose(): void;
  onCreated(count: number): void;
}

/** Admins turn existing quizzes into templates by their ids, separated by semicolons. */
export function CreateTemplateModal({ open, onClose, onCreated }: Props) {
  const showToast = useShowToast();
  const [quizIds, setQuizIds] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    if (saving) return;
    setError(null);
    onClose();
  };

  const submit = async () => {
    const ids = quizIds
      .split(';')
      .map((id) => id.trim())
      .filter(Boolean)
      .join(';');
    if (!ids) {
      setError(quizMessages.templateIdsEmpty);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const result = await createTemplates(ids);
      showToast(quizMessages.templateCreated);
      setQuizIds('');
      onCreated(result.count);
    } catch (failure) {
      setError(errorNotice(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Create Template"
      primaryAction={{ content: 'Create Template', loading: saving, onAction: submit }}
      secondaryActions={[{ content: 'Cancel', disabled: saving, onAction: close }]}
    >
      <Modal.Section>
        <Form onSubmit={submit} implicitSubmit={false}>
          <FormLayout>
            <TextField
              label="Quiz ids"
              helpText="The ids of the quizzes to copy into the template catalogue, separated by semicolons (id1;id2)."
              autoComplete="off"
              monospaced
              value={quizIds}
              onChange={(value) => {
                setQuizIds(value);
                setError(null);
              }}
              error={error ?? undefined}
              autoFocus
            />
          </FormLayout>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
