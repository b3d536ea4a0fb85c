import { Banner, Page } from '@shopify/polaris';
import { activeQuizTypes, themeIds } from '@quizlead/shared/quizzes.ts';
import type { ActiveQuizType, ThemeId } from '@quizlead/shared/quizzes.ts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorNotice } from '../../api/client.ts';
import { createQuiz } from '../../api/quizzes.ts';
import { EditorSkeleton } from './EditorSkeleton.tsx';
import { adminLink, adminUrl } from '../../urls.ts';

/** Query parameters are read case-insensitively, as the template chooser links them (?theme=1&quiztype=…). */
function readParams(params: URLSearchParams) {
  const lower = new Map([...params].map(([key, value]) => [key.toLowerCase(), value]));
  const quizType = activeQuizTypes.find((type) => type === lower.get('quiztype'));
  const themeParam = lower.get('theme') ?? '';
  const theme = themeIds.find((id) => id === themeParam || id === `theme${themeParam}`);
  return { quizType, theme };
}

/** /app/Quiz/Create: saves a draft at once, then continues at /app/Quiz/Edit/{id}. */
export function QuizCreatePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { quizType, theme } = readParams(searchParams);
  // One draft per visit, even when React runs the effect twice.
  const started = useRef(-1);

  useEffect(() => {
    if (!quizType || started.current === attempt) return;
    started.current = attempt;
    create(quizType, theme).then(
      (id) => navigate(adminUrl('Quiz/Edit', id), { replace: true, state: { created: true } }),
      (error: unknown) => setFailure(errorNotice(error)),
    );
  }, [quizType, theme, attempt, navigate]);

  if (!quizType || failure) {
    const retry = () => {
      setFailure(null);
      setAttempt((n) => n + 1);
    };
    return (
      <Page title="Create Quiz" backAction={adminLink('Templates', 'Templates')} narrowWidth>
        {quizType ? (
          <Banner tone="critical" action={{ content: 'Try again', onAction: retry }}>
            <p>{failure}</p>
          </Banner>
        ) : (
          <Banner tone="warning" action={adminLink('Choose a quiz type', 'Templates')}>
            <p>This link does not name a quiz type.</p>
          </Banner>
        )}
      </Page>
    );
  }
  return <EditorSkeleton />;
}

async function create(quizType: ActiveQuizType, theme: ThemeId | undefined): Promise<string> {
  const quiz = await createQuiz({ quizType, ...(theme ? { theme } : {}) });
  return quiz.id;
}
