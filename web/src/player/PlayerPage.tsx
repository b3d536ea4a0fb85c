import type { TPublicQuiz } from '@quizlead/shared/schemas/play.ts';
import { useEffect, useRef, type ReactNode } from 'react';
import { reportHeight } from '../public/frame.ts';
import { Frame } from './Frame.tsx';
import { themeStyle } from './theme.ts';

interface Props {
  quiz: TPublicQuiz | null;
  /** Inside another page's frame: no page margins, and the page's height is reported to the parent. */
  embedded: boolean;
  /** The screen's name, for styles and tests. */
  screen: string;
  counter: { current: number; total: number } | null;
  children: ReactNode;
}

/** The page around every player screen: the quiz's theme and background, its header and footer (Frame). */
export function PlayerPage({ quiz, embedded, screen, counter, children }: Props) {
  const pageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (embedded && pageRef.current) return reportHeight(pageRef.current);
  }, [embedded]);

  const settings = quiz?.settings;
  const style = settings ? themeStyle(settings) : undefined;
  const background = settings?.backgroundImage
    ? { backgroundImage: `url("${settings.backgroundImage.replace(/["\\\n]/g, encodeURIComponent)}")` }
    : null;
  return (
    <div
      ref={pageRef}
      className={`ql-page${embedded ? ' ql-page--embedded' : ''}${background ? ' ql-page--image' : ''}`}
      style={{ ...style, ...background }}
      data-theme={settings?.theme}
      data-screen={screen}
    >
      <Frame quiz={quiz} counter={counter}>
        {children}
      </Frame>
    </div>
  );
}
