import { TextField } from '@shopify/polaris';
import { adPixelProblem, adPixelTexts } from '@quizlead/shared/adPixelTexts.ts';

type AdPixelField = 'metaPixelId' | 'tiktokPixelId';

interface Props {
  /** The form's props for a text field (useSchemaForm's `field`): its value, its change and the save's message. */
  field(name: AdPixelField): { value: string; onChange(value: string): void; error?: string };
}

/**
 * A poll's, web response's or wheel's own Meta Pixel and TikTok Pixel ids (issue 35), as the quiz's
 * Advanced tab has them; blank loads the account's defaults (Settings → Ad pixels). A malformed id is
 * named as it is typed, with the words a save would answer.
 */
export function AdPixelFields({ field }: Props) {
  return (
    <>
      {(['metaPixelId', 'tiktokPixelId'] as const).map((name) => {
        const props = field(name);
        return (
          <TextField
            key={name}
            label={adPixelTexts[name].label}
            {...props}
            error={adPixelProblem(name, props.value) ?? props.error}
            autoComplete="off"
            maxLength={adPixelTexts[name].max}
            helpText={`${adPixelTexts[name].help} ${adPixelTexts.itemDefault}`}
          />
        );
      })}
    </>
  );
}
