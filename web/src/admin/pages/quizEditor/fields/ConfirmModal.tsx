import { Modal, Text } from '@shopify/polaris';

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirm: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** A yes/no question before something that cannot be undone. */
export function ConfirmModal({ open, title, message, confirm, destructive, busy, onConfirm, onClose }: Props) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      primaryAction={{ content: confirm, destructive, loading: busy, onAction: onConfirm }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <Text as="p">{message}</Text>
      </Modal.Section>
    </Modal>
  );
}
