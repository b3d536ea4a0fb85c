import { BlockStack, Card, InlineGrid, Select, Text } from '@shopify/polaris';
import { colorKeys, themeIds } from '@quizlead/shared/quizzes.ts';
import type { TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import { ImageField } from '../../../components/ImageField.tsx';
import { ColorField } from '../fields/ColorField.tsx';
import { paletteOf } from '@quizlead/shared/themePalettes.ts';
import { colorLabels, themeLabels } from '../preview/previewThemes.ts';
import type { QuizDraftApi } from '../useQuizDraft.ts';

const themeOptions = [
  ...themeIds.map((id) => ({ label: themeLabels[id], value: id })),
  { label: 'Custom colours', value: 'custom' },
];

/** Theme, custom colours, background image and welcome message colour. */
export function ThemeCard({ editor }: { editor: QuizDraftApi }) {
  const { settings } = editor.draft;
  const { updateSettings } = editor;
  const palette = paletteOf(settings);

  const chooseTheme = (value: string) => {
    const theme = value as TQuizSettings['theme'];
    // Custom starts from the colours on screen, so switching never jumps.
    updateSettings(theme === 'custom' ? { theme, colors: { ...palette } } : { theme });
  };

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Design
        </Text>
        <Select label="Theme" options={themeOptions} value={settings.theme} onChange={chooseTheme} />
        <div className="ql-swatches" aria-hidden>
          {colorKeys.map((key) => (
            <span key={key} className="ql-swatches__swatch" style={{ background: palette[key] }} title={colorLabels[key]} />
          ))}
        </div>
        {settings.theme === 'custom' ? (
          <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
            {colorKeys.map((key) => (
              <ColorField
                key={key}
                label={colorLabels[key]}
                value={palette[key]}
                onChange={(color) => updateSettings({ colors: { ...settings.colors, [key]: color } })}
              />
            ))}
          </InlineGrid>
        ) : null}
        <ColorField
          label="Welcome message colour"
          value={settings.welcomeMessageColor ?? palette.contentText}
          onChange={(welcomeMessageColor) => updateSettings({ welcomeMessageColor })}
          onReset={settings.welcomeMessageColor ? () => updateSettings({ welcomeMessageColor: null }) : undefined}
        />
        <ImageField
          label="Background image"
          value={settings.backgroundImage}
          onChange={(backgroundImage) => updateSettings({ backgroundImage })}
          preferredSize="1920×1075"
        />
      </BlockStack>
    </Card>
  );
}
