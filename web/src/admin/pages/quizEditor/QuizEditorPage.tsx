import { Banner, Card, EmptyState, Page } from '@shopify/polaris';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { startTransition, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorNotice } from '../../api/client.ts';
import { getQuiz } from '../../api/quizzes.ts';
import { EditorSkeleton } from './EditorSkeleton.tsx';
import { Wizard } from './Wizard.tsx';
import emptyImage from '../../assets/welcome.svg';
import { adminLink } from '../../urls.ts';

type Load =
  | { state: 'loading'; id: string }
  | { state: 'missing'; id: string }
  | { state: 'failed'; id: string; message: string }
  | { state: 'ready'; id: string; quiz: TQuizDetail };

/** /app/Quiz/Edit/{id}: loads the quiz, then hands it to the wizard. */
export function QuizEditorPage() {
  const { id = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading', id });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getQuiz(id, controller.signal).then(
      // The builder's first render is the admin's largest: as a transition, React renders it in slices
      // and the page answers a tap meanwhile (issue 38), instead of one long task on a phone.
      (quiz) => startTransition(() => setLoad({ state: 'ready', id, quiz })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setLoad(missing ? { state: 'missing', id } : { state: 'failed', id, message: errorNotice(error) });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  // A new id in the address (another quiz) shows the skeleton until it arrives.
  if (load.id !== id || load.state === 'loading') return <EditorSkeleton />;
  if (load.state === 'missing') return <QuizNotFound />;
  if (load.state === 'failed') {
    const retry = () => {
      setLoad({ state: 'loading', id });
      setAttempt((n) => n + 1);
    };
    return (
      <Page title="Edit Quiz" backAction={adminLink('Quizzes', 'Quizzes')} narrowWidth>
        <Banner tone="critical" action={{ content: 'Try again', onAction: retry }}>
          <p>{load.message}</p>
        </Banner>
      </Page>
    );
  }
  return <Wizard key={load.quiz.id} initial={load.quiz} />;
}

export function QuizNotFound() {
  return (
    <Page narrowWidth>
      <Card>
        <EmptyState heading="Quiz not found" action={adminLink('Go to Quizzes', 'Quizzes')} image={emptyImage}>
          <p>This quiz does not exist or belongs to another account.</p>
        </EmptyState>
      </Card>
    </Page>
  );
}
