import { Badge, BlockStack, Box, Card, InlineStack, Link, SkeletonBodyText, Text } from '@shopify/polaris';
import { visibleText } from '@quizlead/shared/engine/text.ts';
import {
  destinationReceives,
  optionSentValue,
  questionPropertyKeys,
  quizAnswerType,
} from '@quizlead/shared/schemas/answerProperties.ts';
import type { TIntegrations } from '@quizlead/shared/schemas/integrations.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { getIntegrations } from '../../../api/settings.ts';
import { useResource } from '../../../data/useResource.ts';
import { adminUrl } from '../../../urls.ts';

/**
 * The builder's Data tab (issue 33): every property the quiz sends (key, question, type, segment, the
 * options' values and tags) and where it goes, read from the account's destinations (Settings). Read-only:
 * the keys, values and tags are edited under each question (Design tab, a question's "Data").
 */
export function DataTab({ questions }: { questions: TQuestion[] }) {
  return (
    <BlockStack gap="400">
      <PropertiesCard questions={questions} />
      <DestinationsCard />
    </BlockStack>
  );
}

function PropertiesCard({ questions }: { questions: TQuestion[] }) {
  const keys = questionPropertyKeys(questions);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {`Properties (${questions.length})`}
        </Text>
        {questions.length === 0 ? (
          <Box paddingBlock="400">
            <Text as="p" tone="subdued" alignment="center">
              No properties yet. Each question you add in the Design tab becomes one, sent under its own key.
            </Text>
          </Box>
        ) : (
          <ul className="ql-data-list" aria-label="Properties">
            {questions.map((question, index) => (
              <PropertyItem key={question.id} question={question} propertyKey={keys[index]!} />
            ))}
          </ul>
        )}
      </BlockStack>
    </Card>
  );
}

function PropertyItem({ question, propertyKey }: { question: TQuestion; propertyKey: string }) {
  return (
    <li className="ql-data-list__item" aria-label={propertyKey}>
      <BlockStack gap="200">
        <InlineStack gap="200" blockAlign="center">
          <code className="ql-question-data__preview">{propertyKey}</code>
          <Badge>{quizAnswerType(question.kind)}</Badge>
          {question.segment ? <Badge tone="info">Segment</Badge> : <Badge>No segment</Badge>}
        </InlineStack>
        <Text as="p">{visibleText(question.title)}</Text>
        <ul className="ql-data-list__options">
          {question.answers.map((answer) => (
            <li key={answer.id}>
              <Text as="span" tone="subdued">
                {visibleText(answer.text)}
              </Text>
              {' → '}
              <code>{JSON.stringify(optionSentValue(answer))}</code>
              {answer.tags.length > 0 ? (
                <span className="ql-data-list__tags">
                  {answer.tags.map((tag) => (
                    <Badge key={tag} tone="success">
                      {tag}
                    </Badge>
                  ))}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </BlockStack>
    </li>
  );
}

/** The account's destinations that are on, each with what it receives of the answers. */
function destinationLines(data: TIntegrations): { name: string; receives: string }[] {
  const lines: { name: string; receives: string }[] = [];
  if (data.crm?.enabled) {
    const provider = data.providers.find((candidate) => candidate.id === data.crm!.provider);
    if (provider) lines.push({ name: provider.label, receives: provider.receives });
  }
  for (const webhook of data.webhooks.filter((candidate) => candidate.enabled)) {
    lines.push({ name: `Webhook ${webhook.url}`, receives: destinationReceives.webhook });
  }
  if (data.shopifyCustomers.available && data.shopifyCustomers.enabled) {
    lines.push({ name: 'Shopify customers', receives: destinationReceives.shopifyCustomers });
  }
  if (data.notifications.enabled) {
    lines.push({ name: `Notification email to ${data.notifications.ownerEmail}`, receives: destinationReceives.notifications });
  }
  return lines;
}

function DestinationsCard() {
  const settings = useResource(['settings'], getIntegrations);
  const { loaded } = settings;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Where it goes
        </Text>
        {loaded.state === 'loading' ? <SkeletonBodyText lines={3} /> : null}
        {loaded.state === 'failed' || loaded.state === 'missing' ? (
          <Text as="p" tone="critical">
            {settings.failure ?? 'Your destinations could not be loaded.'}
          </Text>
        ) : null}
        {loaded.state === 'ready' ? <DestinationList lines={destinationLines(loaded.data)} /> : null}
      </BlockStack>
    </Card>
  );
}

function DestinationList({ lines }: { lines: { name: string; receives: string }[] }) {
  if (lines.length === 0) {
    return (
      <Text as="p" tone="subdued">
        No destination is on yet: answers are kept with each lead. <Link url={adminUrl('Settings')}>Connect one in Settings</Link>
        .
      </Text>
    );
  }
  return (
    <ul className="ql-data-list" aria-label="Destinations">
      {lines.map((line) => (
        <li key={line.name} className="ql-data-list__item">
          <BlockStack gap="100">
            <Text as="p" fontWeight="semibold" breakWord>
              {line.name}
            </Text>
            <Text as="p" tone="subdued">
              {line.receives}
            </Text>
          </BlockStack>
        </li>
      ))}
    </ul>
  );
}
