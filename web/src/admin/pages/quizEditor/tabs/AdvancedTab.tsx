import { BlockStack, Card, FormLayout, Text } from '@shopify/polaris';
import { quizLimits } from '@quizlead/shared/quizzes.ts';
import { SettingTextField } from '../fields/settingFields.tsx';
import type { QuizDraftApi } from '../useQuizDraft.ts';

/** Tab 5: search and sharing metadata, analytics and the CRM tag. */
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
