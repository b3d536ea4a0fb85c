import { ActionList, Button, Popover } from '@shopify/polaris';
import { ExportIcon } from '@shopify/polaris-icons';
import { widgetMessages, type ExportFormat } from '@quizlead/shared/engagement.ts';
import { useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { downloadExport } from '../../api/widgets.ts';
import { useShowToast } from '../../toast.ts';

interface Props {
  /** The export route for a format. */
  path(format: ExportFormat): string;
  /** The file name when the server gives none (without extension). */
  fileName: string;
  disabled?: boolean;
}

const formats: { format: ExportFormat; content: string }[] = [
  { format: 'xlsx', content: 'Excel (.xlsx)' },
  { format: 'csv', content: 'CSV (.csv)' },
];

/** 'Export Data': the submissions as an Excel or CSV download. */
export function ExportDataButton({ path, fileName, disabled }: Props) {
  const showToast = useShowToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function download(format: ExportFormat) {
    setOpen(false);
    setBusy(true);
    try {
      await downloadExport(path(format), `${fileName}.${format}`);
    } catch (error) {
      showToast(errorNotice(error), { error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      preferredAlignment="right"
      activator={
        <Button icon={ExportIcon} disclosure onClick={() => setOpen((value) => !value)} loading={busy} disabled={disabled}>
          {widgetMessages.exportData}
        </Button>
      }
    >
      <ActionList
        actionRole="menuitem"
        items={formats.map(({ format, content }) => ({ content, onAction: () => void download(format) }))}
      />
    </Popover>
  );
}
