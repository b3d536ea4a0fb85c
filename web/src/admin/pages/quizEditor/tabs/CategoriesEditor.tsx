import { BlockStack, Box, Button, Card, FormLayout, InlineStack, Text, TextField } from '@shopify/polaris';
import { PlusIcon } from '@shopify/polaris-icons';
import { quizLimits } from '@quizlead/shared/quizzes.ts';
import type { TCategory } from '@quizlead/shared/schemas/quiz.ts';
import { blankCategory } from '../quizModel.ts';

interface Props {
  categories: TCategory[];
  onChange(categories: TCategory[]): void;
}

const maxCategories = 20;

/** Question categories of the category types: at least two, each with a title and description. */
export function CategoriesEditor({ categories, onChange }: Props) {
  const set = (index: number, patch: Partial<TCategory>) =>
    onChange(categories.map((category, i) => (i === index ? { ...category, ...patch } : category)));
  const removable = categories.length > quizLimits.categoriesMin;

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {`Question categories (${categories.length})`}
        </Text>
        {categories.map((category, index) => {
          const name = `Category ${index + 1}`;
          return (
            <div key={category.id} role="group" aria-label={name} className="ql-outcome-item">
              <BlockStack gap="300">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h3" variant="headingSm">
                    {name}
                  </Text>
                  {removable ? (
                    <Button
                      variant="plain"
                      tone="critical"
                      onClick={() => onChange(categories.filter((_, i) => i !== index))}
                      accessibilityLabel={`Remove ${name.toLowerCase()}`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </InlineStack>
                <FormLayout>
                  <TextField
                    label="Category title"
                    value={category.title}
                    onChange={(title) => set(index, { title })}
                    autoComplete="off"
                    maxLength={quizLimits.personalityTitle}
                  />
                  <TextField
                    label="Category description"
                    value={category.description}
                    onChange={(description) => set(index, { description })}
                    autoComplete="off"
                    multiline={2}
                    maxLength={quizLimits.personalityDescription}
                  />
                </FormLayout>
              </BlockStack>
            </div>
          );
        })}
        <Box>
          <Button
            icon={PlusIcon}
            onClick={() => onChange([...categories, blankCategory()])}
            disabled={categories.length >= maxCategories}
          >
            Add category
          </Button>
        </Box>
      </BlockStack>
    </Card>
  );
}
