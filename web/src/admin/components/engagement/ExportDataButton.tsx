import { ActionList, BlockStack, Box, Button, InlineStack, Popover, ProgressBar, Text } from '@shopify/polaris';
import { ExportIcon } from '@shopify/polaris-icons';
import { engagementMessages, type ExportFormat } from '@quizlead/shared/engagement.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { downloadExport, type ExportProgress } from '../../api/lists.ts';
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

interface Job {
  format: ExportFormat;
  progress: ExportProgress | null;
}

/**
 * 'Export Data': the rows as an Excel or CSV download. A big export shows how far it has got (CSV:
 * rows against the server's row count; Excel: bytes, against the size when the server gives one)
 * and can be cancelled; closed, its progress opens again from the button.
 */
export function ExportDataButton({ path, fileName, disabled, label = engagementMessages.exportData }: Props) {
  const showToast = useShowToast();
  const [open, setOpen] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the screen stops a download under way.
  useEffect(() => () => controller.current?.abort(), []);

  async function download(format: ExportFormat) {
    setOpen(false);
    const abort = new AbortController();
    controller.current = abort;
    setJob({ format, progress: null });
    const timer = setTimeout(() => {
      if (controller.current === abort) setOpen(true);
    }, progressDelayMs);
    try {
      await downloadExport(path(format), `${fileName}.${format}`, {
        signal: abort.signal,
        onProgress: (progress) => {
          if (controller.current === abort) setJob({ format, progress });
        },
      });
    } catch (error) {
      if (abort.signal.aborted) {
        if (controller.current === abort) showToast(exportTexts.cancelled);
      } else showToast(errorNotice(error), { error: true });
    } finally {
      clearTimeout(timer);
      if (controller.current === abort) {
        controller.current = null;
        setJob(null);
        setOpen(false);
      }
    }
  }

  const cancel = () => controller.current?.abort();

  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      preferredAlignment="right"
      activator={
        <Button icon={ExportIcon} disclosure onClick={() => setOpen((value) => !value)} disabled={disabled && !job}>
          {job ? exportTexts.busy : label}
        </Button>
      }
    >
      {job ? (
        <ExportProgressPanel job={job} onCancel={cancel} />
      ) : (
        <ActionList
          actionRole="menuitem"
          items={formats.map(({ format, content }) => ({ content, onAction: () => void download(format) }))}
        />
      )}
    </Popover>
  );
}

function ExportProgressPanel({ job, onCancel }: { job: Job; onCancel(): void }) {
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
