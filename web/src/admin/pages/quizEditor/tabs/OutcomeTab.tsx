import { BlockStack, Card, ChoiceList, FormLayout, Text } from '@shopify/polaris';
import { shownOffer } from '@quizlead/shared/offer.ts';
import { quizLimits, quizMessages, typeTraits } from '@quizlead/shared/quizzes.ts';
import { RichTextEditor } from '../../../components/LazyRichTextEditor.tsx';
import { SettingCheckbox, SettingTextField } from '../fields/settingFields.tsx';
import { OutcomePrizesPanel } from '../prizes/OutcomePrizesPanel.tsx';
import { ProductsPanel } from '../products/ProductsPanel.tsx';
import type { QuizDraftApi } from '../useQuizDraft.ts';
import { CategoriesEditor } from './CategoriesEditor.tsx';
import { PersonalitiesEditor } from './PersonalitiesEditor.tsx';

const landingTypes = [
  { label: 'Standard result page', value: 'standard' },
  { label: 'Custom landing page (your own URL)', value: 'custom' },
];

/** Tab 4: where players land and what the result page says. */
export function OutcomeTab({ editor }: { editor: QuizDraftApi }) {
  const { draft, update, updateSettings } = editor;
  const { settings } = draft;
  const traits = typeTraits(draft.quizType);
  const custom = settings.landingType === 'custom';
  const id = editor.saved.id;

  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            Landing page
          </Text>
          <ChoiceList
            title="After the quiz"
            choices={landingTypes}
            selected={[settings.landingType]}
            onChange={([type]) => updateSettings({ landingType: type === 'custom' ? 'custom' : 'standard' })}
          />
          {custom && !traits.personalities ? (
            <SettingTextField editor={editor} name="landingUrl" label="Landing page URL" type="url" placeholder="https://" />
          ) : null}
          {custom && traits.personalities ? (
            <Text as="p" tone="subdued">
              Set a landing page URL for each personality below.
            </Text>
          ) : null}
        </BlockStack>
      </Card>
      {traits.personalities ? (
        <PersonalitiesEditor
          personalities={draft.personalities}
          onChange={(personalities) => update({ personalities })}
          showRanges={traits.scoreRanges}
          showLandingUrl={custom}
        />
      ) : null}
      {traits.categories ? (
        <CategoriesEditor categories={draft.categories} onChange={(categories) => update({ categories })} />
      ) : null}
      <ProductsPanel editor={editor} />
      <OutcomePrizesPanel editor={editor} />
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            Result page
          </Text>
          <FormLayout>
            <RichTextEditor
              key={`score-${id}`}
              label="Score message"
              value={settings.scoreMessage}
              onChange={(scoreMessage) => updateSettings({ scoreMessage })}
              maxVisible={quizLimits.richTextVisible}
            />
            <RichTextEditor
              key={`result-${id}`}
              label="Result page custom text"
              value={settings.resultPageText}
              onChange={(resultPageText) => updateSettings({ resultPageText })}
              maxVisible={quizLimits.richTextVisible}
            />
            <SettingTextField editor={editor} name="offerMessage" label="Offer message" max={quizLimits.offerMessage} />
            <FormLayout.Group>
              <SettingTextField
                editor={editor}
                name="offerButtonText"
                label="Offer button text"
                max={quizLimits.offerButtonText}
              />
              <SettingTextField
                editor={editor}
                name="offerButtonLink"
                label="Offer button link"
                type="url"
                placeholder="https://"
                helpText={shownOffer(settings) ? undefined : quizMessages.offerNeedsLink}
              />
            </FormLayout.Group>
            <SettingTextField editor={editor} name="retakeText" label="Retake button text" max={quizLimits.retakeText} />
            <SettingCheckbox editor={editor} name="hideRetakeButton" label="Hide the retake button" />
            <SettingCheckbox editor={editor} name="socialSharing" label="Social sharing" />
            {settings.socialSharing ? (
              <SettingTextField editor={editor} name="socialSharingText" label="Social sharing text" max={100} />
            ) : null}
            <SettingTextField editor={editor} name="certificateText" label="Certificate text" max={200} multiline={2} />
          </FormLayout>
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
