import { Card, Page, SkeletonBodyText, SkeletonPage } from '@shopify/polaris';
import { useParams } from 'react-router';
import { getPoll } from '../../api/polls.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { NotFound } from '../../components/engagement/NotFound.tsx';
import { useLoad } from '../../components/engagement/useLoad.ts';
import { PollForm } from './PollForm.tsx';
import { pollList, pollTexts } from './texts.ts';

/** /app/poll/edit/{id}. */
export function PollEditPage() {
  const { id = '' } = useParams();
  const { loaded, reload } = useLoad(id, (signal) => getPoll(id, signal));
  if (loaded.state === 'missing') return <NotFound thing={pollTexts.thing} list={pollList()} />;
  if (loaded.state === 'failed') {
    return (
      <Page title={pollTexts.editTitle} backAction={pollList()}>
        <LoadFailed message={loaded.message} onRetry={reload} />
      </Page>
    );
  }
  if (loaded.state === 'loading') {
    return (
      <SkeletonPage title={pollTexts.editTitle} backAction>
        <Card>
          <SkeletonBodyText lines={10} />
        </Card>
      </SkeletonPage>
    );
  }
  return <PollForm key={loaded.data.id} poll={loaded.data} />;
}
