import { BlockStack, Card, ChoiceList, FormLayout, Text, TextField } from '@shopify/polaris';
import { quizLimits, typeTraits } from '@quizlead/shared/quizzes.ts';
import { leadGateLabels, leadGates } from '@quizlead/shared/schemas/experiments.ts';
import { SettingCheckbox, SettingTextField } from '../fields/settingFields.tsx';
import type { QuizDraftApi } from '../useQuizDraft.ts';
import { ResultEmailCard } from './ResultEmailCard.tsx';

const formTypes = [
  { label: 'Standard form', value: 'standard' },
  { label: 'Custom form (your own HTML form code)', value: 'custom' },
];

/** Tab 3: the lead form, shown before the result (required) or under it (optional). */
export function LeadTab({ editor }: { editor: QuizDraftApi }) {
  const { draft, updateSettings, update } = editor;
  const { settings } = draft;
  const perPersonality = typeTraits(draft.quizType).personalities;
  const setCode = (index: number, emailFormCode: string) =>
    update({ personalities: draft.personalities.map((p, i) => (i === index ? { ...p, emailFormCode } : p)) });

  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            Lead capture
          </Text>
          <SettingCheckbox
            editor={editor}
            name="collectEmail"
            label="Collect email"
            helpText={
              settings.leadGate === 'after'
                ? 'Offer a name and email form under the result.'
                : 'Ask for a name and email before showing the result.'
            }
          />
          {settings.collectEmail ? (
            <FormLayout>
              <ChoiceList
                title="When to ask"
                choices={leadGates.map((gate) => ({ label: leadGateLabels[gate], value: gate }))}
                selected={[settings.leadGate]}
                onChange={([gate]) => updateSettings({ leadGate: gate === 'after' ? 'after' : 'before' })}
              />
              <ChoiceList
                title="Email form"
                choices={formTypes}
                selected={[settings.emailFormType]}
                onChange={([type]) => updateSettings({ emailFormType: type === 'custom' ? 'custom' : 'standard' })}
              />
              {settings.emailFormType === 'custom' && !perPersonality ? (
                <SettingTextField editor={editor} name="emailFormCode" label="Form code" multiline={6} monospaced />
              ) : null}
              {settings.emailFormType === 'custom' && perPersonality
                ? draft.personalities.map((personality, index) => (
                    <TextField
                      key={personality.id}
                      label={`Form code for ${personality.title || `personality ${index + 1}`}`}
                      value={personality.emailFormCode}
                      onChange={(code) => setCode(index, code)}
                      autoComplete="off"
                      multiline={4}
                      monospaced
                      maxLength={quizLimits.formCode}
                    />
                  ))
                : null}
              <SettingTextField editor={editor} name="emailMessage" label="Email message" max={quizLimits.emailMessage} />
              <FormLayout.Group>
                <SettingTextField editor={editor} name="nameFieldText" label="Name field text" max={quizLimits.nameFieldText} />
                <SettingTextField
                  editor={editor}
                  name="emailFieldText"
                  label="Email field text"
                  max={quizLimits.emailFieldText}
                />
              </FormLayout.Group>
              {settings.emailFormType === 'standard' ? (
                <>
                  <SettingCheckbox
                    editor={editor}
                    name="askPhone"
                    label="Ask for a phone number"
                    helpText="An optional phone field, with its own unticked SMS consent box. Klaviyo, Shopify customers and CRMs that take phones get it."
                  />
                  {settings.askPhone ? (
                    <SettingTextField
                      editor={editor}
                      name="smsConsentText"
                      label="SMS consent text"
                      helpText="Shown beside the SMS consent checkbox: your legal text for marketing text messages."
                      max={quizLimits.smsConsentText}
                      multiline={3}
                    />
                  ) : null}
                </>
              ) : null}
              <SettingTextField
                editor={editor}
                name="continueButtonText"
                label="Continue button text"
                max={quizLimits.continueButtonText}
              />
              <SettingTextField
                editor={editor}
                name="privacyPolicyText"
                label="Privacy policy text"
                max={quizLimits.privacyPolicyText}
                multiline={2}
              />
              <SettingTextField
                editor={editor}
                name="privacyPolicyUrl"
                label="Privacy policy URL"
                type="url"
                placeholder="https://example.com/privacy"
              />
            </FormLayout>
          ) : null}
        </BlockStack>
      </Card>
      {settings.collectEmail ? <ResultEmailCard editor={editor} /> : null}
    </BlockStack>
  );
}
