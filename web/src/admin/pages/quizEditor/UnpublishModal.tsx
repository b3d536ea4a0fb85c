import { Modal, Text } from '@shopify/polaris';
import { quizMessages } from '@quizlead/shared/quizzes.ts';

interface Props {
  open: boolean;
  /** Saves the edits and leaves the quiz published. */
  onKeepLive(): void;
  /** Unpublishes the quiz, then saves the edits as a draft. */
  onUnpublish(): void;
  onClose(): void;
}

/** Asked when Save as draft is pressed on a live quiz: saving as a draft takes it offline. */
export function UnpublishModal({ open, onKeepLive, onUnpublish, onClose }: Props) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={quizMessages.unpublishTitle}
      primaryAction={{ content: 'Keep live', onAction: onKeepLive }}
      secondaryActions={[
        { content: 'Unpublish and save as draft', destructive: true, onAction: onUnpublish },
        { content: 'Cancel', onAction: onClose },
      ]}
    >
      <Modal.Section>
        <Text as="p">{quizMessages.unpublishWarning}</Text>
      </Modal.Section>
    </Modal>
  );
}
