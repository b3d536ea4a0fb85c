import { BlockStack, Box, Card, Icon, Page, SkeletonBodyText, SkeletonDisplayText, SkeletonPage, Text } from '@shopify/polaris';
import { CheckCircleIcon } from '@shopify/polaris-icons';
import type { TAnswerSheet } from '@quizlead/shared/schemas/reports.ts';
import { useParams } from 'react-router';
import { getAnswerSheet } from '../../api/reports.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { NotFound } from '../../components/engagement/NotFound.tsx';
import { useResource } from '../../data/useResource.ts';
import { listDate, untitled } from '../quizzes/format.ts';
import { blank, quizzesList, reportTexts } from '../quizReport/texts.ts';
import './answerSheet.css';
import { adminUrl } from '../../urls.ts';

type Play = TAnswerSheet['play'];
type Question = TAnswerSheet['questions'][number];

/** The respondent's details in the spec's order (two a row), then the name when the respondent gave one. */
function detailsOf(play: Play): { term: string; value: string }[] {
  const text = (value: string | null) => value?.trim() || blank;
  return [
    { term: 'Date of play', value: listDate(play.playedAt) || blank },
    { term: 'Quiz Result', value: text(play.result) },
    { term: 'State', value: text(play.state) },
    { term: 'Email', value: text(play.email) },
    { term: 'City', value: text(play.city) },
    { term: 'Country', value: text(play.country) },
    ...(play.name?.trim() ? [{ term: 'Name', value: play.name.trim() }] : []),
  ];
}

function RespondentDetails({ play }: { play: Play }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {reportTexts.respondentDetails}
        </Text>
        <dl className="ql-sheet-details">
          {detailsOf(play).map(({ term, value }) => (
            <div key={term} className="ql-sheet-details__pair">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </BlockStack>
    </Card>
  );
}

/** A question keeps its number in the quiz, so a play that branching took past some reads 1, 3, 4. */
function QuestionCard({ question }: { question: Question }) {
  const number = question.position;
  const title = question.title.trim() || `Question ${number}`;
  return (
    <li className="ql-sheet-question" value={number}>
      <Card>
        <BlockStack gap="300">
          <BlockStack gap="100">
            <Text as="p" variant="bodySm" tone="subdued">
              {`Question ${number}`}
            </Text>
            <Text as="h2" variant="headingMd" breakWord>
              {title}
            </Text>
          </BlockStack>
          {question.image ? (
            <img className="ql-sheet-question__image" src={question.image} alt={`Image of question ${number}`} loading="lazy" />
          ) : null}
          <ul className="ql-sheet-answers" aria-label={`Answers to question ${number}`}>
            {question.answers.map((answer) => (
              <li
                key={answer.id}
                className={answer.selected ? 'ql-sheet-answer ql-sheet-answer--selected' : 'ql-sheet-answer'}
                data-selected={answer.selected || undefined}
              >
                <span className="ql-sheet-answer__mark">
                  {answer.selected ? <Icon source={CheckCircleIcon} tone="success" /> : null}
                </span>
                {answer.image ? <img className="ql-sheet-answer__image" src={answer.image} alt="" loading="lazy" /> : null}
                <span className="ql-sheet-answer__text">
                  <Text
                    as="span"
                    tone={answer.selected ? 'success' : 'base'}
                    fontWeight={answer.selected ? 'semibold' : 'regular'}
                    breakWord
                  >
                    {answer.text.trim() || blank}
                  </Text>
                  {answer.selected ? (
                    <Text as="span" visuallyHidden>
                      {` (${reportTexts.selected})`}
                    </Text>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </BlockStack>
      </Card>
    </li>
  );
}

/** 'No data found' and 'Not supported': a sheet without questions to show. */
function NothingToShow({ heading, help }: { heading: string; help: string }) {
  return (
    <Card>
      <Box paddingBlock="600">
        <BlockStack gap="200" inlineAlign="center">
          <Text as="h2" variant="headingMd" alignment="center">
            {heading}
          </Text>
          <Text as="p" tone="subdued" alignment="center">
            {help}
          </Text>
        </BlockStack>
      </Box>
    </Card>
  );
}

function SheetSkeleton() {
  return (
    <SkeletonPage title={reportTexts.answerSheetTitle} backAction>
      <BlockStack gap="400">
        <div role="status">
          <Text as="p" tone="subdued">
            {reportTexts.loadingSheet}
          </Text>
        </div>
        <Card>
          <SkeletonBodyText lines={4} />
        </Card>
        {[0, 1].map((index) => (
          <Card key={index}>
            <BlockStack gap="300">
              <SkeletonDisplayText size="small" />
              <SkeletonBodyText lines={3} />
            </BlockStack>
          </Card>
        ))}
      </BlockStack>
    </SkeletonPage>
  );
}

/** /app/answersheet/{playId}: one respondent's details and every question with their picks in green. */
export function AnswerSheetPage() {
  const { id = '' } = useParams();
  const sheet = useResource(['answer-sheet', id], (signal) => getAnswerSheet(id, signal));

  if (sheet.loaded.state === 'missing') return <NotFound thing={reportTexts.answerSheetThing} list={quizzesList()} />;
  if (sheet.loaded.state === 'failed') {
    return (
      <Page title={reportTexts.answerSheetTitle} backAction={quizzesList()}>
        <LoadFailed message={sheet.loaded.message} onRetry={sheet.reload} />
      </Page>
    );
  }
  if (sheet.loaded.state === 'loading') return <SheetSkeleton />;

  const result = sheet.loaded.data;
  const play = result.supported ? result.sheet.play : result.play;
  const questions = result.supported ? [...result.sheet.questions].sort((a, b) => a.position - b.position) : [];

  let body;
  if (!result.supported) body = <NothingToShow heading={reportTexts.notSupported} help={reportTexts.notSupportedHelp} />;
  else if (questions.length === 0) body = <NothingToShow heading={reportTexts.noAnswerSheet} help={reportTexts.noAnswersHelp} />;
  else {
    body = (
      <ol className="ql-sheet-questions" aria-label="Questions">
        {questions.map((question) => (
          <QuestionCard key={question.id} question={question} />
        ))}
      </ol>
    );
  }

  return (
    <Page
      title={reportTexts.answerSheetTitle}
      subtitle={play.quizTitle.trim() || untitled}
      backAction={{ content: reportTexts.backToReport, url: adminUrl('Quiz/Analytics', play.quizId) }}
    >
      <BlockStack gap="400">
        <RespondentDetails play={play} />
        {body}
      </BlockStack>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}
