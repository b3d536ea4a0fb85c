import { BlockStack, Button, DropZone, Icon, InlineError, InlineStack, Text } from '@shopify/polaris';
import { UploadIcon } from '@shopify/polaris-icons';
import { quizLimits, quizMessages } from '@quizlead/shared/quizzes.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { useId } from 'react';
import { ApiError, errorNotice } from '../api/client.ts';
import { deleteImage, uploadQuizImage } from '../api/quizzes.ts';
import { useShowToast } from '../toast.ts';
import { ImageFrame } from './ImageFrame.tsx';
import { useBusyAction } from './useBusyAction.ts';
import './ImageField.css';

const imageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

interface Props {
  label: string;
  value: string | null;
  onChange(url: string | null): void;
  /** The size the image looks best at, shown as a hint. */
  preferredSize?: string;
  /** A one-line drop zone for tight places such as answers. */
  compact?: boolean;
}

/** Our uploads live at /files/{id}; other images (template presets) are only unset, never deleted. */
export function uploadedFileId(url: string): string | null {
  return /^\/files\/([\w-]+)$/.exec(url)?.[1] ?? null;
}

function ignoreKeptFile(error: unknown): void {
  if (!(error instanceof ApiError && (error.status === 404 || error.status === 409))) throw error;
}

/** An image uploaded as soon as it is dropped or chosen; shows a thumbnail and a remove button. */
export function ImageField({ label, value, onChange, preferredSize, compact = false }: Props) {
  const showToast = useShowToast();
  const id = useId();
  const { busy, problem, setProblem, run } = useBusyAction(errorNotice);

  function drop(_files: File[], accepted: File[], rejected: File[]) {
    const file = accepted[0] ?? rejected[0];
    if (!file) return;
    if (!imageTypes.includes(file.type)) return setProblem(quizMessages.imageType);
    if (file.size > quizLimits.imageBytes) return setProblem(quizMessages.imageSize);
    void run(async () => {
      const uploaded = await uploadQuizImage(file);
      onChange(uploaded.url);
      showToast(messages.account.imageUploaded);
    });
  }

  const remove = () =>
    void run(async () => {
      const fileId = value ? uploadedFileId(value) : null;
      // An upload no saved quiz shows goes at once. One a saved quiz still shows (409), or another account's
      // file such as a template's image (404), is only unset here; the server deletes it once the quiz is saved without it.
      if (fileId) await deleteImage(fileId).catch(ignoreKeptFile);
      onChange(null);
      showToast(messages.account.imageDeleted);
    });

  const hint = `PNG, JPEG, GIF or WebP up to ${quizLimits.imageBytes / 1024 / 1024} MB${preferredSize ? `; best at ${preferredSize}` : ''}`;
  return (
    <BlockStack gap="100">
      <InlineStack gap="300" blockAlign="center" wrap={false}>
        <ImageFrame
          url={value}
          busy={busy}
          size={35}
          radius="100"
          fit="cover"
          labels={{ busy: `Uploading ${label}`, image: label, none: `No ${label.toLowerCase()}` }}
        />
        <div style={{ flex: compact ? '0 1 180px' : '1 1 auto', minWidth: 0 }}>
          <DropZone
            id={id}
            label={label}
            labelHidden={compact}
            accept={imageTypes.join(',')}
            type="image"
            allowMultiple={false}
            disabled={busy}
            onDrop={drop}
            variableHeight={compact}
          >
            {compact ? (
              <div className="ql-image-field__compact">
                <Icon source={UploadIcon} tone="subdued" />
                <Text as="span">{value ? 'Replace image' : 'Add image'}</Text>
              </div>
            ) : (
              <DropZone.FileUpload actionTitle={value ? 'Replace image' : 'Add image'} actionHint={hint} />
            )}
          </DropZone>
        </div>
        {value ? (
          <Button variant="plain" tone="critical" onClick={remove} disabled={busy} accessibilityLabel={`Remove ${label}`}>
            Remove
          </Button>
        ) : null}
      </InlineStack>
      {problem ? <InlineError message={problem} fieldID={id} /> : null}
    </BlockStack>
  );
}
