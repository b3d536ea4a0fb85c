import { ownerText, t } from '@quizlead/shared/i18n/translate.ts';
import type { TPublicQuiz } from '@quizlead/shared/schemas/play.ts';
import { useRef } from 'react';
import { Html } from './Frame.tsx';
import { useScreenFocus } from './focus.ts';

/** The welcome page: the owner's message and the start button. */
export function StartScreen({ quiz, onStart }: { quiz: TPublicQuiz; onStart(): void }) {
  const { settings } = quiz;
  const buttonRef = useRef<HTMLButtonElement>(null);
  useScreenFocus(buttonRef, quiz.id);
  return (
    <div className="ql-screen ql-screen--center ql-start">
      {settings.welcomeMessage ? <Html html={settings.welcomeMessage} className="ql-welcome" /> : null}
      <button ref={buttonRef} type="button" className="ql-button ql-button--large" onClick={onStart}>
        {settings.startButtonText.trim() ? ownerText(settings.startButtonText, 'player.start') : t('player.continue')}
      </button>
    </div>
  );
}
