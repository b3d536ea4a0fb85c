import { BlockStack, Card, FormLayout, Text } from '@shopify/polaris';
import { quizLimits } from '@quizlead/shared/quizzes.ts';
import { adPixelProblem, adPixelTexts } from '@quizlead/shared/adPixelTexts.ts';
import { SettingTextField } from '../fields/settingFields.tsx';
import type { QuizDraftApi } from '../useQuizDraft.ts';

/** Tab 5: search and sharing metadata, analytics and ad pixels (issue 35), and the CRM tag. */
export function AdvancedTab({ editor }: { editor: QuizDraftApi }) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Advanced
        </Text>
        <FormLayout>
          <SettingTextField editor={editor} name="metaTitle" label="Meta Title" max={quizLimits.metaTitle} />
          <SettingTextField
            editor={editor}
            name="metaDescription"
            label="Meta Description"
            max={quizLimits.metaDescription}
            multiline={3}
          />
          <SettingTextField
            editor={editor}
            name="googleAnalyticsId"
            label="Google Analytics"
            max={quizLimits.googleAnalyticsId}
            placeholder="G-XXXXXXX"
            helpText="Your measurement id; plays are reported to it."
          />
          {(['metaPixelId', 'tiktokPixelId'] as const).map((name) => (
            <SettingTextField
              key={name}
              editor={editor}
              name={name}
              label={adPixelTexts[name].label}
              max={adPixelTexts[name].max}
              helpText={adPixelTexts[name].help}
              error={adPixelProblem(name, editor.draft.settings[name])}
            />
          ))}
          <SettingTextField
            editor={editor}
            name="crmTag"
            label="CRM tag"
            max={quizLimits.crmTag}
            helpText="Added to every lead this quiz sends to your CRM."
          />
        </FormLayout>
      </BlockStack>
    </Card>
  );
}
