import { BlockStack, Button, FormLayout, InlineStack, TextField } from '@shopify/polaris';
import { adPixelProblem, adPixelTexts } from '@quizlead/shared/adPixelTexts.ts';
import { integrationMessages, type TAdPixelDefaults } from '@quizlead/shared/schemas/integrations.ts';
import { useState } from 'react';
import { saveAdPixels } from '../../api/settings.ts';
import { useShowToast } from '../../toast.ts';
import { fieldOf, settingsProblem } from './problems.ts';
import { SettingsProblem, type Problem } from './SettingsProblem.tsx';

const fields = ['metaPixelId', 'tiktokPixelId'] as const;

/** The account's default Meta Pixel and TikTok Pixel ids (issue 35): every quiz without its own loads them. */
export function AdPixelsPanel({ pixels, onSaved }: { pixels: TAdPixelDefaults; onSaved(pixels: TAdPixelDefaults): void }) {
  const showToast = useShowToast();
  const [values, setValues] = useState<TAdPixelDefaults>(pixels);
  const [refused, setRefused] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const invalid = fields.some((field) => adPixelProblem(field, values[field]));

  async function save() {
    setProblem(null);
    setRefused(null);
    setBusy(true);
    try {
      const saved = await saveAdPixels(values);
      setValues(saved);
      onSaved(saved);
      showToast(integrationMessages.saved);
    } catch (error) {
      const field = fieldOf(error);
      if (field) setRefused(field);
      else setProblem(settingsProblem(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <BlockStack gap="300">
      <FormLayout>
        {fields.map((field) => (
          <TextField
            key={field}
            label={adPixelTexts[field].label}
            value={values[field]}
            onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
            autoComplete="off"
            maxLength={adPixelTexts[field].max}
            helpText={adPixelTexts[field].help}
            error={adPixelProblem(field, values[field]) ?? (refused?.field === field ? refused.message : undefined)}
          />
        ))}
      </FormLayout>
      <SettingsProblem problem={problem} onDismiss={() => setProblem(null)} />
      <InlineStack align="end">
        <Button variant="primary" onClick={() => void save()} loading={busy} disabled={invalid}>
          Save
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
