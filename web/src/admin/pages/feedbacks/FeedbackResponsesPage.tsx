import { languageCell, languageColumnTitle } from '@quizlead/shared/i18n/languageLabels.ts';
import { feedbackResponseColumns, feelingTypeLabels, feelingTypes, formatSubmissionDate } from '@quizlead/shared/engagement.ts';
import type { FeelingType } from '@quizlead/shared/engagement.ts';
import type { TFeedbackResponseRow } from '@quizlead/shared/schemas/feedback.ts';
import { useParams } from 'react-router';
import { feedbackApi } from '../../api/engagement.ts';
import { SubmissionsScreen, type SubmissionColumn } from '../../components/engagement/SubmissionsScreen.tsx';
import { feedbackList, feedbackTexts } from './texts.ts';

const [numberTitle, typeTitle, scoreTitle, emailTitle, dateTitle] = feedbackResponseColumns;

/** 'Emotion' for 'emotion'; a type the widget no longer knows shows as stored. */
const typeLabel = (type: string) =>
  (feelingTypes as readonly string[]).includes(type) ? feelingTypeLabels[type as FeelingType] : type;

const columns: SubmissionColumn<TFeedbackResponseRow>[] = [
  { title: numberTitle, value: (_row, number) => number, sortKey: (_row, number) => number },
  { title: typeTitle, value: (row) => typeLabel(row.feelingType), sortKey: (row) => typeLabel(row.feelingType) },
  { title: scoreTitle, value: (row) => row.value, sortKey: (row) => row.value },
  { title: emailTitle, value: (row) => row.email ?? '–', sortKey: (row) => row.email ?? '' },
  { title: dateTitle, value: (row) => formatSubmissionDate(row.date), sortKey: (row) => row.date },
  { title: languageColumnTitle, value: (row) => languageCell(row.language), sortKey: (row) => row.language ?? '' },
];

/** /app/Feedback/response/{id}: what visitors sent. */
export function FeedbackResponsesPage() {
  const { id = '' } = useParams();
  return (
    <SubmissionsScreen
      kind="feedback"
      id={id}
      title={feedbackTexts.responsesTitle}
      thing={feedbackTexts.thing}
      list={feedbackList()}
      loadItem={(signal) => feedbackApi.get(id, signal)}
      subtitle={(feedback) => feedback.title}
      loadPage={(page, signal) => feedbackApi.submissions(id, page, signal)}
      columns={columns}
      initialSort={{ column: 4, direction: 'descending' }}
      exportPath={(format) => feedbackApi.exportPath(id, format)}
      exportName={() => 'responses'}
      resourceName={{ singular: 'response', plural: 'responses' }}
      emptyText={feedbackTexts.noResponses}
    />
  );
}
