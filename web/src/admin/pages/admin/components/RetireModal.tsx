import { ConfirmModal } from '../../quizEditor/fields/ConfirmModal.tsx';

interface Props<Row extends { id: string }> {
  /** useDialog's state: the row asked about. */
  dialog: { open: boolean; value: Row | null; close(): void };
  texts: { retireTitle: string; retireQuestion(name: string): string; retire: string };
  /** The row's name in the question. */
  name(row: Row): string;
  /** useAdminAction's busy key: the row's id while it is retired. */
  busy: string | null;
  /** Retires the row; the dialog closes once it is done. */
  onRetire(row: Row): Promise<unknown>;
}

/** The question before a catalogue row (a discount code, a template) is retired: owners no longer get it. */
export function RetireModal<Row extends { id: string }>({ dialog, texts, name, busy, onRetire }: Props<Row>) {
  const row = dialog.value;
  return (
    <ConfirmModal
      open={dialog.open}
      title={texts.retireTitle}
      message={texts.retireQuestion(row ? name(row) : '')}
      confirm={texts.retire}
      destructive
      busy={row !== null && busy === row.id}
      onConfirm={() => {
        if (row) void onRetire(row).then(dialog.close);
      }}
      onClose={dialog.close}
    />
  );
}
