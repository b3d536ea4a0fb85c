import { BlockStack, Card, InlineStack, Text } from '@shopify/polaris';
import type { TQuestionDropOff } from '@quizlead/shared/schemas/reports.ts';
import { count, share } from './format.ts';
import { reportTexts } from './texts.ts';

/**
 * How far visitors got: per question, how many were shown it and how many answered it. Each bar is
 * drawn against the visitors who reached the first question (light: reached, dark: answered); the
 * figures are written beside it, so nothing is told by colour or length alone.
 */
export function DropOffCard({ questions }: { questions: TQuestionDropOff[] }) {
  const ordered = [...questions].sort((a, b) => a.position - b.position);
  // The first question's visitors are the whole bar; a later question can only exceed them when
  // its events arrived without the first one's, so the scale never overflows.
  const base = Math.max(ordered[0]?.reached ?? 0, ...ordered.map((question) => question.reached), 0);

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {reportTexts.dropOffTitle}
          </Text>
          <Text as="p" tone="subdued">
            {reportTexts.dropOffHelp}
          </Text>
          {ordered.length > 0 ? (
            <InlineStack gap="400" blockAlign="center">
              <span className="ql-report-legend">
                <span className="ql-report-legend__swatch ql-report-legend__swatch--reached" aria-hidden="true" />
                <Text as="span" variant="bodySm" tone="subdued">
                  Reached (against question 1)
                </Text>
              </span>
              <span className="ql-report-legend">
                <span className="ql-report-legend__swatch ql-report-legend__swatch--answered" aria-hidden="true" />
                <Text as="span" variant="bodySm" tone="subdued">
                  Answered
                </Text>
              </span>
            </InlineStack>
          ) : null}
        </BlockStack>
        {ordered.length === 0 ? (
          <Text as="p" tone="subdued">
            {reportTexts.noQuestions}
          </Text>
        ) : (
          <ol className="ql-report-dropoff" aria-label={reportTexts.dropOffTitle}>
            {ordered.map((question, index) => (
              <DropOffRow key={question.id} question={question} number={index + 1} base={base} />
            ))}
          </ol>
        )}
      </BlockStack>
    </Card>
  );
}

function DropOffRow({ question, number, base }: { question: TQuestionDropOff; number: number; base: number }) {
  const reachedShare = share(question.reached, base);
  const answeredOfBase = share(question.answered, base);
  const answeredShare = share(question.answered, question.reached);
  const title = question.title.trim() || `Question ${number}`;
  const barLabel =
    number === 1
      ? `${count(question.reached)} reached, ${answeredShare}% of them answered`
      : `${reachedShare}% of question 1's visitors reached it, ${answeredShare}% of them answered`;
  return (
    <li className="ql-report-dropoff__item" data-question={number}>
      <div className="ql-report-dropoff__head">
        <Text as="h3" variant="bodyMd" fontWeight="semibold" breakWord>
          <span className="ql-report-dropoff__number">{`Q${number}.`}</span> {title}
        </Text>
        <Text as="p" variant="bodySm" tone="subdued" numeric>
          <span className="ql-report-dropoff__figures">
            <span>{`${count(question.reached)} reached`}</span>
            <span aria-hidden="true"> · </span>
            <span>{`${count(question.answered)} answered`}</span>
            <span aria-hidden="true"> · </span>
            <Text as="span" variant="bodySm" fontWeight="semibold" tone="base">
              {`${answeredShare}% answered`}
            </Text>
          </span>
        </Text>
      </div>
      <div className="ql-report-bar" role="img" aria-label={barLabel}>
        <span className="ql-report-bar__reached" style={{ width: `${reachedShare}%` }} />
        <span className="ql-report-bar__answered" style={{ width: `${answeredOfBase}%` }} />
      </div>
    </li>
  );
}
