import { feedbackMessages } from '@quizlead/shared/engagement.ts';
import { useParams } from 'react-router';
import { feedbackApi } from '../../api/engagement.ts';
import { EditScreen } from '../../components/engagement/EditScreen.tsx';
import { ShareScreen } from '../../components/engagement/ShareScreen.tsx';
import { adminUrl } from '../../urls.ts';
import { FeedbackForm } from './FeedbackForm.tsx';
import { feedbackList, feedbackTexts, feedbackUrls } from './texts.ts';

/** /app/Feedback: a new web response. */
export function FeedbackCreatePage() {
  return <FeedbackForm />;
}

/** /app/Feedback/Edit/{id}. */
export function FeedbackEditPage() {
  return (
    <EditScreen
      kind="feedback"
      title={feedbackTexts.editTitle}
      thing={feedbackTexts.thing}
      list={feedbackList()}
      loadItem={feedbackApi.get}
      skeletonLines={10}
      form={(feedback) => <FeedbackForm key={feedback.id} feedback={feedback} />}
    />
  );
}

/** /app/Feedback/share/{id}: 'Your Web Response is ready' and its embed codes. */
export function FeedbackSharePage() {
  const { id = '' } = useParams();
  return (
    <ShareScreen
      id={id}
      title={feedbackMessages.shareTitle}
      thing={feedbackTexts.thing}
      list={feedbackList()}
      kind="feedback"
      loadItem={(signal) => feedbackApi.get(id, signal)}
      name={(feedback) => feedback.title}
      pagePath={() => feedbackUrls.preview(id)}
      actions={() => [
        { content: 'Edit', url: adminUrl('Feedback/Edit', id) },
        { content: 'View responses', url: adminUrl('Feedback/response', id) },
      ]}
    />
  );
}
