import { ActionList, BlockStack, Box, Button, InlineStack, Popover, ProgressBar, Text } from '@shopify/polaris';
import { ExportIcon } from '@shopify/polaris-icons';
import { engagementMessages, type ExportFormat } from '@quizlead/shared/engagement.ts';
import { useId, useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { downloadExport } from '../../api/lists.ts';
import { endExportJob, isCurrentExportJob, startExportJob, updateExportJob, useExportJob, type ExportJob } from './exportJobs.ts';
import { progressOf } from './exportProgress.ts';
import { useShowToast } from '../../toast.ts';
import './ExportDataButton.css';

interface Props {
  /** The export route for a format. */
  path(format: ExportFormat): string;
  /** The file name when the server gives none (without extension). */
  fileName: string;
  disabled?: boolean;
  /** The button's words, where a screen has more than one export ('Export Data' otherwise). */
  label?: string;
}

const formats: { format: ExportFormat; content: string; label: string }[] = [
  { format: 'xlsx', content: 'Excel (.xlsx)', label: 'Excel' },
  { format: 'csv', content: 'CSV (.csv)', label: 'CSV' },
];

/** A download still running after this long is a big one: it shows its progress and a Cancel. */
const progressDelayMs = 400;

export const exportTexts = {
  cancel: 'Cancel',
  cancelled: 'Export cancelled.',
  /** The button while an export runs: it opens the progress again. */
  busy: 'Exporting…',
  exporting: (label: string) => `Exporting ${label}…`,
};

/**
 * 'Export Data': the rows as an Excel or CSV download. A big export shows how far it has got (CSV:
 * rows against the server's row count; Excel: bytes, against the size when the server gives one)
 * and can be cancelled; closed, its progress opens again from the button. The download lives in
 * exportJobs.ts, so the page header drawing its actions anew (the window's width changed) neither
 * stops it nor closes its progress; leaving the screen stops it.
 */
export function ExportDataButton({ path, fileName, disabled, label = engagementMessages.exportData }: Props) {
  const showToast = useShowToast();
  const key = path('xlsx');
  const job = useExportJob(key);
  const [menuOpen, setMenuOpen] = useState(false);

  async function download(format: ExportFormat) {
    setMenuOpen(false);
    const controller = startExportJob(key, format);
    const timer = setTimeout(() => updateExportJob(key, controller, { open: true }), progressDelayMs);
    try {
      await downloadExport(path(format), `${fileName}.${format}`, {
        signal: controller.signal,
        onProgress: (progress) => updateExportJob(key, controller, { progress }),
      });
    } catch (error) {
      if (!controller.signal.aborted) showToast(errorNotice(error), { error: true });
      else if (isCurrentExportJob(key, controller)) showToast(exportTexts.cancelled);
    } finally {
      clearTimeout(timer);
      endExportJob(key, controller);
    }
  }

  const open = job ? job.open : menuOpen;
  const setOpen = (value: boolean) => (job ? updateExportJob(key, job.controller, { open: value }) : setMenuOpen(value));

  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      preferredAlignment="right"
      activator={
        <Button icon={ExportIcon} disclosure onClick={() => setOpen(!open)} disabled={disabled && !job}>
          {job ? exportTexts.busy : label}
        </Button>
      }
    >
      {job ? (
        <ExportProgressPanel job={job} onCancel={() => job.controller.abort()} />
      ) : (
        <ActionList
          actionRole="menuitem"
          items={formats.map(({ format, content }) => ({ content, onAction: () => void download(format) }))}
        />
      )}
    </Popover>
  );
}

function ExportProgressPanel({ job, onCancel }: { job: ExportJob; onCancel(): void }) {
  const labelId = useId();
  const label = formats.find((item) => item.format === job.format)?.label ?? job.format;
  const { percent, text } = progressOf(job.progress);
  return (
    <Box padding="400" minWidth="16rem">
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="p" variant="headingSm" id={labelId}>
            {exportTexts.exporting(label)}
          </Text>
          <Text as="p" tone="subdued" numeric>
            {text}
          </Text>
        </BlockStack>
        {percent === null ? (
          <div className="ql-export-progress--indeterminate" role="progressbar" aria-labelledby={labelId} aria-valuetext={text}>
            <span />
          </div>
        ) : (
          <ProgressBar progress={percent} size="small" tone="primary" animated={false} ariaLabelledBy={labelId} />
        )}
        <InlineStack align="end">
          <Button onClick={onCancel}>{exportTexts.cancel}</Button>
        </InlineStack>
      </BlockStack>
    </Box>
  );
}
