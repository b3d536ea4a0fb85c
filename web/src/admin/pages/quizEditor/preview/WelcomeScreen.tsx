import type { TQuiz } from '@quizlead/shared/schemas/quiz.ts';
import { visibleLength } from '@quizlead/shared/engine/index.ts';
import { quizDefaults } from '@quizlead/shared/quizzes.ts';
import { Html, PreviewButton } from './PreviewFrame.tsx';
import { paletteOf } from '@quizlead/shared/themePalettes.ts';

/** The start page: welcome message and start button. */
export function WelcomeScreen({ quiz }: { quiz: TQuiz }) {
  const { settings } = quiz;
  const colors = paletteOf(settings);
  const color = settings.welcomeMessageColor ?? undefined;
  return (
    <div className="ql-preview__screen ql-preview__screen--center">
      {visibleLength(settings.welcomeMessage) > 0 ? (
        <Html html={settings.welcomeMessage} style={{ color }} />
      ) : (
        <p className="ql-preview__muted">Your welcome message appears here.</p>
      )}
      <PreviewButton colors={colors}>{settings.startButtonText || quizDefaults.startButtonText}</PreviewButton>
    </div>
  );
}
