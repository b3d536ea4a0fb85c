import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Card,
  Page,
  SkeletonBodyText,
  SkeletonDisplayText,
  SkeletonPage,
} from '@shopify/polaris';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { shareMessages } from '@quizlead/shared/sharing.ts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorNotice } from '../../api/client.ts';
import { getQuiz, setQuizStatus } from '../../api/quizzes.ts';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { NotFound } from '../../components/engagement/NotFound.tsx';
import { useResource } from '../../data/useResource.ts';
import { useShowToast } from '../../toast.ts';
import { untitled } from '../quizzes/format.ts';
import { QuizShareTabs } from './QuizShareTabs.tsx';
import { adminUrl } from '../../urls.ts';

const list = { content: 'Quizzes', url: adminUrl('Quizzes') };

/**
 * /app/Quiz/Share/{id} (spec: account-player-management.md §2 and §4): the quiz's link, short link, iframe
 * and widget codes, social buttons and Shopify placement, one copy button for the current tab.
 */
export function QuizSharePage() {
  const { id = '' } = useParams();
  const quiz = useResource(['quizzes', 'item', id], (signal) => getQuiz(id, signal));

  if (quiz.loaded.state === 'missing') return <NotFound thing="Quiz" list={list} />;
  if (quiz.loaded.state === 'failed') {
    return (
      <Page title="Share quiz" backAction={list}>
        <LoadFailed message={quiz.loaded.message} onRetry={quiz.reload} />
      </Page>
    );
  }
  if (quiz.loaded.state === 'loading') {
    return (
      <SkeletonPage title="Share quiz" backAction primaryAction>
        <Card>
          <BlockStack gap="400">
            <SkeletonDisplayText size="small" />
            <SkeletonBodyText lines={5} />
          </BlockStack>
        </Card>
      </SkeletonPage>
    );
  }
  return <QuizShareScreen key={quiz.loaded.data.id} quiz={quiz.loaded.data} />;
}

function QuizShareScreen({ quiz }: { quiz: TQuizDetail }) {
  const showToast = useShowToast();
  const [status, setStatus] = useState(quiz.status);
  const [publishing, setPublishing] = useState(false);
  const [publishError, setPublishError] = useState<string | null>(null);
  const title = quiz.title.trim() || untitled;

  async function publish() {
    setPublishing(true);
    setPublishError(null);
    try {
      const saved = await setQuizStatus(quiz.id, 'published');
      setStatus(saved.status);
      showToast(quizMessages.statusUpdated(saved.status));
    } catch (error) {
      setPublishError(errorNotice(error));
    } finally {
      setPublishing(false);
    }
  }

  const published = status === 'published';
  return (
    <Page
      title={title}
      titleMetadata={<Badge tone={published ? 'success' : 'info'}>{published ? 'Published' : 'Draft'}</Badge>}
      subtitle="Share it by link, on your site, on social networks or in your Shopify store."
      backAction={list}
      secondaryActions={[
        { content: 'Edit', url: adminUrl('Quiz/Edit', quiz.id) },
        { content: 'Analytics', url: adminUrl('Quiz/Analytics', quiz.id) },
      ]}
    >
      <BlockStack gap="400">
        {published ? null : (
          <Banner
            tone="warning"
            title="Not published yet"
            action={{ content: 'Publish', onAction: () => void publish(), loading: publishing }}
          >
            <BlockStack gap="200">
              <p>{shareMessages.notPublished}</p>
              {publishError ? (
                <p role="alert">
                  <strong>{publishError}</strong>
                </p>
              ) : null}
            </BlockStack>
          </Banner>
        )}
        <QuizShareTabs quiz={quiz} title={title} />
      </BlockStack>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}
