import { Card, Page, SkeletonBodyText, SkeletonPage } from '@shopify/polaris';
import { useParams } from 'react-router';
import { getFeedback } from '../../api/feedbacks.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { NotFound } from '../../components/engagement/NotFound.tsx';
import { useLoad } from '../../components/engagement/useLoad.ts';
import { FeedbackForm } from './FeedbackForm.tsx';
import { feedbackList, feedbackTexts } from './texts.ts';

/** /app/Feedback/Edit/{id}. */
export function FeedbackEditPage() {
  const { id = '' } = useParams();
  const { loaded, reload } = useLoad(id, (signal) => getFeedback(id, signal));
  if (loaded.state === 'missing') return <NotFound thing={feedbackTexts.thing} list={feedbackList()} />;
  if (loaded.state === 'failed') {
    return (
      <Page title={feedbackTexts.editTitle} backAction={feedbackList()}>
        <LoadFailed message={loaded.message} onRetry={reload} />
      </Page>
    );
  }
  if (loaded.state === 'loading') {
    return (
      <SkeletonPage title={feedbackTexts.editTitle} backAction>
        <Card>
          <SkeletonBodyText lines={10} />
        </Card>
      </SkeletonPage>
    );
  }
  return <FeedbackForm key={loaded.data.id} feedback={loaded.data} />;
}
