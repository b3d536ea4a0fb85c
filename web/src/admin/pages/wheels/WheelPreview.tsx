import { BlockStack, Card, Text } from '@shopify/polaris';
import { pickWeightedIndex, wheelLimits, wheelPalette } from '@quizlead/shared/engagement.ts';
import { point, radialLabel, slicePath } from '@quizlead/shared/wheelGeometry.ts';
import { useEffect, useRef, useState } from 'react';
import './wheels.css';

interface Props {
  /** Option texts (blank ones are drawn as 'Option N') and their weights. */
  options: { text: string; weight: number }[];
  playButtonType: 'text' | 'image';
  playButtonText: string;
  playButtonImage: string | null;
}

const size = wheelLimits.canvasSize;
const center = size / 2;
const radius = center - 6;

/** Dark text on light segments (the yellow), white on the rest. */
function textColor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.6 ? '#202020' : '#ffffff';
}

const label = (text: string) => (Array.from(text).length > 14 ? `${Array.from(text).slice(0, 13).join('')}…` : text);

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The wheel drawn as visitors will see it (300 × 300, the eight-colour palette). Pressing its button
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
  const count = Math.max(1, texts.length);
  const segment = 360 / count;

  function spin() {
    if (spinning || options.length === 0) return;
    const weights = options.map((option) => (option.weight > 0 ? option.weight : 1));
    const index = pickWeightedIndex(weights, Math.random());
    const middle = (index + 0.5) * segment;
    // Turn at least five times, then on until the chosen segment sits under the pointer at the top.
    const extra = (((-middle - rotation) % 360) + 360) % 360;
    const instant = reducedMotion();
    setRotation(rotation + (instant ? 0 : 5 * 360) + extra);
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
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Preview
        </Text>
        <div className="ql-wheel-preview">
          <div className="ql-wheel-preview__stage" style={{ width: size, height: size }}>
            <div
              className="ql-wheel-preview__wheel"
              style={{ transform: `rotate(${rotation}deg)`, transitionDuration: `${wheelLimits.revealDelayMs}ms` }}
            >
              <svg
                width={size}
                height={size}
                viewBox={`0 0 ${size} ${size}`}
                role="img"
                aria-label={`A wheel with ${count} options: ${texts.join(', ')}`}
              >
                <circle cx={center} cy={center} r={center - 1} fill="#303030" />
                {texts.map((text, index) => {
                  const color = wheelPalette[index % wheelPalette.length]!;
                  const middle = (index + 0.5) * segment;
                  const [x, y] = point(center, radius * 0.62, middle);
                  const placed = radialLabel(middle, rotation);
                  return (
                    <g key={index}>
                      {count === 1 ? (
                        <circle cx={center} cy={center} r={radius} fill={color} />
                      ) : (
                        <path d={slicePath(center, radius, index, count)} fill={color} stroke="#fff" strokeWidth="1.5" />
                      )}
                      <text
                        x={x}
                        y={y}
                        fill={textColor(color)}
                        fontSize="13"
                        fontWeight="600"
                        textAnchor="middle"
                        dominantBaseline="middle"
                        transform={`rotate(${placed.rotation} ${x} ${y})`}
                      >
                        {label(text)}
                      </text>
                    </g>
                  );
                })}
              </svg>
            </div>
            <span className="ql-wheel-preview__pointer" aria-hidden="true" />
            <button
              type="button"
              className="ql-wheel-preview__button"
              onClick={spin}
              disabled={spinning}
              aria-label={`${buttonText}: spin the preview wheel`}
            >
              {playButtonType === 'image' && playButtonImage ? <img src={playButtonImage} alt="" /> : label(buttonText)}
            </button>
          </div>
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
      </BlockStack>
    </Card>
  );
}
