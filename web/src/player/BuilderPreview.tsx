import { isPreviewMessage, type TPreviewShow } from '@quizlead/shared/builderPreview.ts';
import { playMessages } from '@quizlead/shared/playMessages.ts';
import { useEffect, useState } from 'react';
import { CustomLeadForm } from './CustomLeadForm.tsx';
import { Waiting } from './Frame.tsx';
import { LeadForm } from './LeadForm.tsx';
import { PlayerPage } from './PlayerPage.tsx';
import { QuestionScreen } from './QuestionScreen.tsx';
import { ResultScreen } from './ResultScreen.tsx';
import { StartScreen } from './StartScreen.tsx';
import { leadFrameColors } from './theme.ts';

/** Nothing leaves the preview: its forms check what is typed and stop there. */
const keep = async () => undefined;
const stay = () => undefined;

/**
 * The builder's live preview (shared/src/builderPreview.ts): the player's own screens, drawn from the
 * draft the builder posts; an answer clicked is posted back for the builder to keep. Messages count only
 * from the window that framed this page, on this origin.
 */
export function BuilderPreview() {
  const [shown, setShown] = useState<TPreviewShow | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== window.location.origin) return;
      if (isPreviewMessage(event.data) && event.data.type === 'quizlead-preview-show') setShown(event.data);
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ type: 'quizlead-preview-ready' }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const quiz = shown?.quiz ?? null;
  const screen = shown?.screen;
  const body = (() => {
    if (!quiz || !screen) return <Waiting message={playMessages.loading} />;
    switch (screen.name) {
      case 'start':
        return <StartScreen quiz={quiz} onStart={stay} />;
      case 'question': {
        const question = quiz.questions.find((candidate) => candidate.id === screen.questionId);
        if (!question) return null;
        const pick = (answerId: string) =>
          window.parent.postMessage({ type: 'quizlead-preview-pick', questionId: question.id, answerId }, window.location.origin);
        return <QuestionScreen question={question} picks={screen.picks} onPick={pick} onBack={null} onNext={null} />;
      }
      case 'lead':
        return screen.form.type === 'custom' ? (
          <CustomLeadForm
            code={screen.form.code}
            colors={leadFrameColors(quiz.settings)}
            settings={quiz.settings}
            onSubmit={keep}
          />
        ) : (
          <LeadForm settings={quiz.settings} onSubmit={keep} />
        );
      case 'result':
        return (
          <ResultScreen
            quiz={quiz}
            result={screen.result}
            summary={screen.summary}
            products={[]}
            cartProperties={{}}
            pageUrl={window.location.origin}
            onRetake={stay}
          />
        );
      case 'note':
        return (
          <div className="ql-screen ql-screen--center">
            <p className="ql-preview-note">{screen.text}</p>
          </div>
        );
    }
  })();

  return (
    <PlayerPage
      quiz={quiz}
      embedded
      screen={screen?.name ?? 'loading'}
      counter={screen?.name === 'question' ? { current: screen.number, total: screen.total } : null}
    >
      {body}
    </PlayerPage>
  );
}
