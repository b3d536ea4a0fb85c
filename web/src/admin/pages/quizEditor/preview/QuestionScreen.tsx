import { isAnswered, picksNeeded, visibleLength } from '@quizlead/shared/engine/index.ts';
import type { TQuestion, TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import { Html } from './PreviewFrame.tsx';
import { paletteOf } from '@quizlead/shared/themePalettes.ts';

interface Props {
  question: TQuestion | null;
  settings: TQuizSettings;
  picks: readonly string[];
  onPick(answerId: string): void;
}

/** One question as a visitor sees it; clicking answers picks them by the engine's advance rules. */
export function QuestionScreen({ question, settings, picks, onPick }: Props) {
  if (!question) {
    return (
      <div className="ql-preview__screen ql-preview__screen--center">
        <p className="ql-preview__muted">Add a question to see it here.</p>
      </div>
    );
  }
  const colors = paletteOf(settings);
  const needed = picksNeeded(question);
  const done = isAnswered(question, picks);
  return (
    <div className="ql-preview__screen">
      {question.image ? <img className="ql-preview__question-image" src={question.image} alt="" /> : null}
      {visibleLength(question.title) > 0 ? (
        <Html html={question.title} className="ql-preview__question" />
      ) : (
        <p className="ql-preview__muted">Your question appears here.</p>
      )}
      {needed > 1 ? <p className="ql-preview__hint">{`Pick ${needed} answers`}</p> : null}
      <div className="ql-preview__answers">
        {question.answers.map((answer, index) => {
          const picked = picks.includes(answer.id);
          return (
            <button
              key={answer.id}
              type="button"
              className="ql-preview__answer"
              aria-pressed={picked}
              style={picked ? { background: colors.buttonBg, color: colors.buttonText, borderColor: colors.buttonBg } : undefined}
              onClick={() => onPick(answer.id)}
            >
              {answer.image ? <img src={answer.image} alt="" /> : null}
              <span>{answer.text || `Answer ${index + 1}`}</span>
            </button>
          );
        })}
      </div>
      {done ? <p className="ql-preview__hint">Answered: the player moves to the next step.</p> : null}
    </div>
  );
}
