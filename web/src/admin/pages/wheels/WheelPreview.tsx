import { Text } from '@shopify/polaris';
import { PreviewCard } from '../../components/engagement/PreviewCard.tsx';
import { pickWeightedIndex, wheelLimits } from '@quizlead/shared/engagement.ts';
import { landingRotation } from '@quizlead/shared/wheelGeometry.ts';
import { WheelDisc } from '../../../public/WheelDisc.tsx';
import { useEffect, useRef, useState } from 'react';
import './wheels.css';

interface Props {
  /** Option texts (blank ones are drawn as 'Option N') and their weights. */
  options: { text: string; weight: number }[];
  playButtonType: 'text' | 'image';
  playButtonText: string;
  playButtonImage: string | null;
}

const label = (text: string) => (Array.from(text).length > 14 ? `${Array.from(text).slice(0, 13).join('')}…` : text);

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The wheel as visitors will see it: the wheel page's own disc (public/WheelDisc.tsx). Pressing the button
 * spins it to a weighted random option and names it after the reveal delay. The draw here is only a
 * preview: on the public page the server draws.
 */
export function WheelPreview({ options, playButtonType, playButtonText, playButtonImage }: Props) {
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [winner, setWinner] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const texts = options.map((option, index) => option.text.trim() || `Option ${index + 1}`);

  function spin() {
    if (spinning || options.length === 0) return;
    const weights = options.map((option) => (option.weight > 0 ? option.weight : 1));
    const index = pickWeightedIndex(weights, Math.random());
    const instant = reducedMotion();
    setRotation((from) =>
      landingRotation(from, index, options.length, instant ? 0 : wheelLimits.spinTurns, Math.random() * 2 - 1),
    );
    setWinner(null);
    setSpinning(true);
    timer.current = setTimeout(
      () => {
        setSpinning(false);
        setWinner(texts[index]!);
      },
      instant ? 0 : wheelLimits.revealDelayMs,
    );
  }

  const buttonText = playButtonText.trim() || 'Spin';
  return (
    <PreviewCard>
      <div className="ql-wheel-preview">
        <WheelDisc options={texts} rotation={rotation} durationMs={spinning ? Math.max(0, wheelLimits.revealDelayMs - 300) : 0} />
        <button
          type="button"
          className="ql-wheel-preview__button"
          onClick={spin}
          disabled={spinning}
          aria-label={`${buttonText}: spin the preview wheel`}
        >
          {playButtonType === 'image' && playButtonImage ? <img src={playButtonImage} alt="" /> : label(buttonText)}
        </button>
        <div aria-live="polite" className="ql-wheel-preview__result">
          {spinning ? (
            <Text as="p" tone="subdued">
              Spinning…
            </Text>
          ) : winner ? (
            <Text as="p" fontWeight="semibold">{`Lands on: ${winner}`}</Text>
          ) : (
            <Text as="p" tone="subdued">
              {`Press ${buttonText} to try it. Visitors' results are drawn by the server.`}
            </Text>
          )}
        </div>
      </div>
    </PreviewCard>
  );
}
