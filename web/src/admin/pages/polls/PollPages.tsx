import { pollMessages } from '@quizlead/shared/engagement.ts';
import { useParams } from 'react-router';
import { pollApi } from '../../api/engagement.ts';
import { EditScreen } from '../../components/engagement/EditScreen.tsx';
import { ShareScreen } from '../../components/engagement/ShareScreen.tsx';
import { adminUrl } from '../../urls.ts';
import { PollForm } from './PollForm.tsx';
import { pollList, pollTexts, pollUrls } from './texts.ts';

/** /app/poll/create. */
export function PollCreatePage() {
  return <PollForm />;
}

/** /app/poll/edit/{id}. */
export function PollEditPage() {
  return (
    <EditScreen
      kind="poll"
      title={pollTexts.editTitle}
      thing={pollTexts.thing}
      list={pollList()}
      loadItem={pollApi.get}
      skeletonLines={10}
      form={(poll) => <PollForm key={poll.id} poll={poll} />}
    />
  );
}

/** /app/poll/share/{id}/{slug}: 'Your Poll Is Ready' and its embed codes (the saved slug wins over the address). */
export function PollSharePage() {
  const { id = '' } = useParams();
  return (
    <ShareScreen
      id={id}
      title={pollMessages.shareTitle}
      thing={pollTexts.thing}
      list={pollList()}
      kind="poll"
      loadItem={(signal) => pollApi.get(id, signal)}
      name={(poll) => poll.description}
      slug={(poll) => poll.slug}
      pagePath={(poll) => pollUrls.preview(poll.id, poll.slug)}
      actions={() => [
        { content: 'Edit', url: adminUrl('poll/edit', id) },
        { content: 'View votes', url: adminUrl('poll/vote', id) },
      ]}
    />
  );
}
