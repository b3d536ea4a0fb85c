import { BlockStack, Modal, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';

interface Props {
  open: boolean;
  title: string;
  message: string;
  /** The box's label: what to type. */
  label: string;
  /** Any of these, typed exactly, enables the button (the server checks it again). */
  expected: readonly string[];
  confirm: string;
  busy: boolean;
  /** The server's refusal of what was typed. */
  error?: string;
  onConfirm(typed: string): void;
  onClose(): void;
}

/** A destructive action that asks for a name typed exactly, so a slip of the mouse cannot do it. */
export function TypeToConfirmModal({ open, title, message, label, expected, confirm, busy, error, onConfirm, onClose }: Props) {
  // Given a new key at each opening (useDialog), the box starts empty.
  const [typed, setTyped] = useState('');
  const matches = expected.some((value) => value !== '' && value === typed.trim());
  const submit = () => {
    if (matches && !busy) onConfirm(typed.trim());
  };
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      primaryAction={{ content: confirm, destructive: true, disabled: !matches, loading: busy, onAction: submit }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">{message}</Text>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <TextField label={label} value={typed} onChange={setTyped} autoComplete="off" error={error} autoFocus />
          </form>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
