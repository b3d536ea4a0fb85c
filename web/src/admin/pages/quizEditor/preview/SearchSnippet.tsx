import { visibleText } from '@quizlead/shared/engine/index.ts';
import type { TQuiz } from '@quizlead/shared/schemas/quiz.ts';

/** How the quiz page may appear in search results and link previews (Advanced tab). */
export function SearchSnippet({ quiz }: { quiz: TQuiz }) {
  const { settings } = quiz;
  const title = settings.metaTitle || quiz.title || 'Untitled quiz';
  const description = settings.metaDescription || visibleText(settings.welcomeMessage);
  return (
    <div className="ql-snippet">
      <span className="ql-snippet__url">{`${window.location.origin}/play/${quiz.id}`}</span>
      <span className="ql-snippet__title">{title}</span>
      <span className="ql-snippet__description">{description || 'Add a meta description to say what the quiz is about.'}</span>
    </div>
  );
}
