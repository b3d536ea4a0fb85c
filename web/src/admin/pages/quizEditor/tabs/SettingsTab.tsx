import { Banner, BlockStack, Card, ChoiceList, FormLayout, Text, TextField } from '@shopify/polaris';
import { quizDefaults, quizLimits, quizMessages, quizTypeInfo, typeTraits } from '@quizlead/shared/quizzes.ts';
import { useState } from 'react';
import { RichTextEditor } from '../../../components/LazyRichTextEditor.tsx';
import { SettingCheckbox, SettingTextField } from '../fields/settingFields.tsx';
import type { QuizDraftApi } from '../useQuizDraft.ts';

interface Props {
  editor: QuizDraftApi;
  /** Free accounts cannot change the footer. */
  free: boolean;
}

/** Tab 1: title, welcome screen and how the quiz behaves. */
export function SettingsTab({ editor, free }: Props) {
  const { draft, update, updateSettings } = editor;
  const { settings } = draft;
  const traits = typeTraits(draft.quizType);
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            {`Quiz settings · ${quizTypeInfo[draft.quizType].label}`}
          </Text>
          <FormLayout>
            <TextField
              label="Quiz title"
              value={draft.title}
              onChange={(title) => update({ title })}
              autoComplete="off"
              maxLength={quizLimits.title}
              requiredIndicator
            />
            <RichTextEditor
              key={`welcome-${editor.saved.id}`}
              label="Welcome message"
              value={settings.welcomeMessage}
              onChange={(welcomeMessage) => updateSettings({ welcomeMessage })}
              maxVisible={quizLimits.richTextVisible}
              helpText={traits.personalities ? 'Required for this quiz type.' : undefined}
            />
            <SettingTextField editor={editor} name="startButtonText" label="Start button text" max={quizLimits.startButtonText} />
            <FormLayout.Group>
              <SettingCheckbox editor={editor} name="showTitle" label="Show quiz title" />
              <SettingCheckbox editor={editor} name="showCompanyLogo" label="Show company logo" />
            </FormLayout.Group>
          </FormLayout>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            Questions and scoring
          </Text>
          {traits.graded ? (
            <>
              <ChoiceList
                title="Score type"
                choices={[
                  { label: 'Percentage', value: 'percentage' },
                  { label: 'Marks', value: 'marks' },
                ]}
                selected={[settings.scoreType]}
                onChange={([scoreType]) => updateSettings({ scoreType: scoreType === 'marks' ? 'marks' : 'percentage' })}
              />
              <SettingCheckbox
                editor={editor}
                name="negativeMarking"
                label="Negative marking"
                helpText="A wrong answer counts -1 instead of 0."
              />
            </>
          ) : null}
          <SettingCheckbox editor={editor} name="randomizeQuestions" label="Randomize questions" />
          <SettingCheckbox editor={editor} name="randomizeAnswers" label="Randomize answers" />
          <FooterField editor={editor} free={free} />
        </BlockStack>
      </Card>
    </BlockStack>
  );
}

/** Free accounts show 'Powered By' in the footer and cannot change it. */
function FooterField({ editor, free }: Props) {
  const [upgrade, setUpgrade] = useState(false);
  if (!free) {
    return <SettingTextField editor={editor} name="footerMessage" label="Footer message" max={200} />;
  }
  return (
    <BlockStack gap="200">
      <div onClick={() => setUpgrade(true)}>
        <TextField
          label="Footer message"
          value={quizDefaults.poweredBy}
          readOnly
          autoComplete="off"
          onFocus={() => setUpgrade(true)}
          helpText="Paid plans can write their own footer."
        />
      </div>
      {upgrade ? (
        <Banner tone="info" onDismiss={() => setUpgrade(false)}>
          <p>{quizMessages.upgradeForFooter}</p>
        </Banner>
      ) : null}
    </BlockStack>
  );
}
