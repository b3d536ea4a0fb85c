import { Banner, BlockStack, Box, Button, DropZone, InlineStack, Text } from '@shopify/polaris';
import type { TProfile } from '@quizlead/shared/schemas/account.ts';
import { limits, messages } from '@quizlead/shared/validations.ts';
import { updateProfile, uploadImage } from '../../api/account.ts';
import type { ProfileUpdate } from '../../api/account.ts';
import { errorMessage } from '../../api/client.ts';
import { ImageFrame } from '../../components/ImageFrame.tsx';
import { useBusyAction } from '../../components/useBusyAction.ts';
import { useShowToast } from '../../toast.ts';

const acceptedTypes: readonly string[] = limits.logoTypes;
const typeNames = limits.logoTypes.map((type) => type.slice('image/'.length).toUpperCase());
const hint = `${typeNames.slice(0, -1).join(', ')} or ${typeNames.at(-1)}, up to ${limits.logoBytes / 1024 / 1024} MB`;

interface Props {
  profile: TProfile;
  onSaved(profile: TProfile): void;
}

/** The company logo: uploaded and saved on drop, removed at once; other fields keep their saved values. */
export function LogoField({ profile, onSaved }: Props) {
  const showToast = useShowToast();
  const { busy, problem, setProblem, run } = useBusyAction(errorMessage);

  async function save(companyLogoId: string | null, success: string) {
    const update: ProfileUpdate = {
      fullName: profile.fullName,
      companyName: profile.companyName,
      companyUrl: profile.companyUrl,
      companyLogoId,
    };
    onSaved(await updateProfile(update));
    showToast(success);
  }

  function drop(_files: File[], accepted: File[], rejected: File[]) {
    const file = accepted[0];
    if (rejected.length > 0 || !file || !acceptedTypes.includes(file.type)) {
      setProblem(messages.account.logoType);
      return;
    }
    if (file.size > limits.logoBytes) {
      setProblem(messages.account.logoSize);
      return;
    }
    void run(async () => {
      const uploaded = await uploadImage(file);
      await save(uploaded.id, messages.account.imageUploaded);
    });
  }

  const remove = () => void run(() => save(null, messages.account.imageDeleted));

  return (
    <BlockStack gap="300">
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm">
          Company logo
        </Text>
        <Text as="p" tone="subdued">
          {`Shown at ${limits.logoSize}×${limits.logoSize} pixels on your quizzes. It is saved as soon as you add it.`}
        </Text>
      </BlockStack>
      <InlineStack gap="400" blockAlign="center">
        <ImageFrame
          url={profile.companyLogoUrl}
          busy={busy}
          size={limits.logoSize}
          radius="200"
          fit="contain"
          labels={{ busy: 'Saving logo', image: 'Company logo', none: 'No logo yet' }}
        />
        <Box width="220px">
          <DropZone
            label="Company logo"
            labelHidden
            accept={limits.logoTypes.join(',')}
            type="image"
            allowMultiple={false}
            disabled={busy}
            onDrop={drop}
          >
            <DropZone.FileUpload actionTitle={profile.companyLogoUrl ? 'Replace logo' : 'Add logo'} actionHint={hint} />
          </DropZone>
        </Box>
        {profile.companyLogoUrl ? (
          <Button variant="plain" tone="critical" onClick={remove} disabled={busy}>
            Remove logo
          </Button>
        ) : null}
      </InlineStack>
      {problem ? (
        <Banner tone="critical" title={messages.account.uploadErrorTitle} onDismiss={() => setProblem(null)}>
          <p>{problem}</p>
        </Banner>
      ) : null}
    </BlockStack>
  );
}
