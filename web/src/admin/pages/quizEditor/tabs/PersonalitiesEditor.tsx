import { BlockStack, Box, Button, Card, FormLayout, Text, TextField } from '@shopify/polaris';
import { PlusIcon } from '@shopify/polaris-icons';
import { quizLimits } from '@quizlead/shared/quizzes.ts';
import type { TPersonality } from '@quizlead/shared/schemas/quiz.ts';
import { ImageField } from '../../../components/ImageField.tsx';
import { RichTextEditor } from '../../../components/LazyRichTextEditor.tsx';
import { blankPersonality } from '../quizModel.ts';
import { OutcomeItem } from './OutcomeItem.tsx';

interface Props {
  personalities: TPersonality[];
  onChange(personalities: TPersonality[]): void;
  /** Range types choose the personality by score percentage. */
  showRanges: boolean;
  /** A custom landing page is set per personality. */
  showLandingUrl: boolean;
}

/** Maximum personalities a quiz may have (the API's limit). */
const maxPersonalities = 20;

const toPercent = (value: string) => Math.min(100, Math.max(0, Math.round(Number(value) || 0)));

/** The outcomes of personality types: at least two, each with a title, description and optional image. */
export function PersonalitiesEditor({ personalities, onChange, showRanges, showLandingUrl }: Props) {
  const set = (index: number, patch: Partial<TPersonality>) =>
    onChange(personalities.map((personality, i) => (i === index ? { ...personality, ...patch } : personality)));
  const removable = personalities.length > quizLimits.personalitiesMin;

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {`Personalities (${personalities.length})`}
        </Text>
        {personalities.map((personality, index) => {
          const name = `Personality ${index + 1}`;
          return (
            <OutcomeItem
              key={personality.id}
              name={name}
              removable={removable}
              onRemove={() => onChange(personalities.filter((_, i) => i !== index))}
            >
              <FormLayout>
                <TextField
                  label="Personality title"
                  value={personality.title}
                  onChange={(title) => set(index, { title })}
                  autoComplete="off"
                  maxLength={quizLimits.personalityTitle}
                />
                <RichTextEditor
                  key={personality.id}
                  label="Personality description"
                  value={personality.description}
                  onChange={(description) => set(index, { description })}
                  maxVisible={quizLimits.personalityDescription}
                />
                <ImageField label={`${name} image`} value={personality.image} onChange={(image) => set(index, { image })} />
                {showRanges ? (
                  <FormLayout.Group condensed>
                    <TextField
                      label="Minimum score (%)"
                      type="number"
                      min={0}
                      max={100}
                      value={String(personality.minScore)}
                      onChange={(value) => set(index, { minScore: toPercent(value) })}
                      autoComplete="off"
                    />
                    <TextField
                      label="Maximum score (%)"
                      type="number"
                      min={0}
                      max={100}
                      value={String(personality.maxScore)}
                      onChange={(value) => set(index, { maxScore: toPercent(value) })}
                      autoComplete="off"
                    />
                  </FormLayout.Group>
                ) : null}
                {showLandingUrl ? (
                  <TextField
                    label="Landing page URL"
                    type="url"
                    value={personality.landingUrl}
                    onChange={(landingUrl) => set(index, { landingUrl })}
                    autoComplete="url"
                    placeholder="https://example.com/result"
                  />
                ) : null}
              </FormLayout>
            </OutcomeItem>
          );
        })}
        <Box>
          <Button
            icon={PlusIcon}
            onClick={() => onChange([...personalities, blankPersonality(personalities.length)])}
            disabled={personalities.length >= maxPersonalities}
          >
            Add personality
          </Button>
        </Box>
      </BlockStack>
    </Card>
  );
}
