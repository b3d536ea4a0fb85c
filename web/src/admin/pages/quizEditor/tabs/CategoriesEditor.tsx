import { BlockStack, Box, Button, Card, FormLayout, Text, TextField } from '@shopify/polaris';
import { PlusIcon } from '@shopify/polaris-icons';
import { quizLimits } from '@quizlead/shared/quizzes.ts';
import type { TCategory } from '@quizlead/shared/schemas/quiz.ts';
import { blankCategory } from '../quizModel.ts';
import { OutcomeItem } from './OutcomeItem.tsx';

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
            <OutcomeItem
              key={category.id}
              name={name}
              removable={removable}
              onRemove={() => onChange(categories.filter((_, i) => i !== index))}
            >
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
            </OutcomeItem>
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
