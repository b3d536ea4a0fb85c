import { BlockStack, Card, FormLayout, InlineGrid } from '@shopify/polaris';
import { quizLimits } from '@quizlead/shared/quizzes.ts';
import { resultEmailPlaceholders, resultEmailTexts as texts } from '@quizlead/shared/resultEmail.ts';
import { useMemo } from 'react';
import { englishWords, ResultEmailPreview, sampleRespondent } from '../../../components/ResultEmailPreview.tsx';
import { SettingTextField } from '../fields/settingFields.tsx';
import { Switch } from '../fields/Switch.tsx';
import type { QuizDraftApi } from '../useQuizDraft.ts';

/**
 * The Lead tab's "Email respondents their result" (issue 35): the switch, the owner's subject and body,
 * and the live preview beside them, with the quiz's first personality as the sample's result.
 */
export function ResultEmailCard({ editor }: { editor: QuizDraftApi }) {
  const { settings } = editor.draft;
  const firstPersonality = editor.draft.personalities[0]?.title.trim() || 'Adventurer';
  const sample = useMemo(
    () =>
      sampleRespondent(firstPersonality, {
        score: '80%',
        personality: firstPersonality,
        products: [{ title: 'Sample product', url: 'https://example.com/products/sample', price: '29.00 USD' }],
      }),
    [firstPersonality],
  );

  return (
    <Card>
      <BlockStack gap="400">
        <Switch
          label={texts.quizSwitch}
          checked={settings.resultEmail}
          onChange={(resultEmail) => editor.updateSettings({ resultEmail })}
          helpText={{ on: texts.quizSwitchHelp, off: texts.quizSwitchHelp }}
        />
        {settings.resultEmail ? (
          <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
            <FormLayout>
              <SettingTextField
                editor={editor}
                name="resultEmailSubject"
                label={texts.subject}
                max={quizLimits.resultEmailSubject}
                placeholder={englishWords('resultEmail.defaultSubject')}
                helpText={texts.subjectHelp}
              />
              <SettingTextField
                editor={editor}
                name="resultEmailBody"
                label={texts.body}
                max={quizLimits.resultEmailBody}
                multiline={8}
                placeholder={englishWords('resultEmail.defaultBody')}
                helpText={texts.bodyHelp(resultEmailPlaceholders.quiz)}
              />
            </FormLayout>
            <ResultEmailPreview subject={settings.resultEmailSubject} body={settings.resultEmailBody} sample={sample} />
          </InlineGrid>
        ) : null}
      </BlockStack>
    </Card>
  );
}
