import { Modal, Text } from '@shopify/polaris';

interface Props {
  /** The quiz to delete; null keeps the modal closed. */
  quiz: { id: string; title: string } | null;
  deleting: boolean;
  onConfirm(): void;
  onClose(): void;
}

export const deleteConfirmText = 'Are you sure you want to delete this quiz?';

export function DeleteQuizModal({ quiz, deleting, onConfirm, onClose }: Props) {
  return (
    <Modal
      open={quiz !== null}
      onClose={onClose}
      title="Delete quiz"
      primaryAction={{ content: 'Delete', destructive: true, loading: deleting, onAction: onConfirm }}
      secondaryActions={[{ content: 'Cancel', disabled: deleting, onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">{deleteConfirmText}</Text>
        {quiz ? (
          <Text as="p" tone="subdued">
            {`“${quiz.title}” will be permanently deleted.`}
          </Text>
        ) : null}
      </Modal.Section>
    </Modal>
  );
}
