import { wheelLimits, wheelPalette } from '@quizlead/shared/engagement.ts';
import { radialLabel, slicePath } from '@quizlead/shared/wheelGeometry.ts';
import { readableOn } from './color.ts';
import './wheelDisc.css';

/** Labels longer than this are cut with an ellipsis on the disc (the full text is in its accessible name). */
const labelChars = 16;
/** Room for a label along the radius, between the hub and the rim. */
const labelRoom = 108;
/** Labels start (or, on the left half, end) this far from the centre, clear of the hub. */
const labelInset = 28;

/** A label's font size: 13 px, smaller for long labels so they stay inside the rim. */
const labelSize = (label: string) => Math.max(10, Math.min(13, Math.floor(labelRoom / (label.length * 0.62))));

/**
 * The 300×300 wheel as visitors see it, on the wheel's page and in the builder's preview: slices in the
 * eight-colour palette, turned by CSS, with the pointer at 12 o'clock.
 * Labels are laid out for the rotation the disc is turning to, so every one reads left to right where it stops.
 */
export function WheelDisc({
  options,
  rotation,
  durationMs,
  label = `Wheel with ${options.length} options: ${options.join(', ')}`,
}: {
  options: readonly string[];
  rotation: number;
  durationMs: number;
  /** Its accessible name, in the page's language (the builder's preview is English). */
  label?: string;
}) {
  const size = wheelLimits.canvasSize;
  const c = size / 2;
  const radius = c - 6;
  const slice = 360 / options.length;
  return (
    <div className="qp-wheel">
      <svg
        className="qp-wheel__disc"
        data-testid="wheel-disc"
        viewBox={`0 0 ${size} ${size}`}
        width={size}
        height={size}
        role="img"
        aria-label={label}
        style={{
          transform: `rotate(${rotation}deg)`,
          transition: durationMs ? `transform ${durationMs}ms cubic-bezier(0.15, 0.75, 0.2, 1)` : 'none',
        }}
      >
        <circle cx={c} cy={c} r={c - 1} fill="#ffffff" stroke="#d0d4dc" strokeWidth="2" />
        {options.map((text, index) => {
          const fill = wheelPalette[index % wheelPalette.length]!;
          const placed = radialLabel((index + 0.5) * slice, rotation);
          const label = text.length > labelChars ? `${text.slice(0, labelChars - 1)}…` : text;
          return (
            <g key={index}>
              <path d={slicePath(c, radius, index, options.length)} fill={fill} stroke="#ffffff" strokeWidth="2" />
              <text
                x={placed.inward ? c - labelInset : c + labelInset}
                y={c}
                transform={`rotate(${placed.rotation} ${c} ${c})`}
                textAnchor={placed.inward ? 'end' : 'start'}
                dominantBaseline="central"
                fill={readableOn(fill)}
                fontSize={labelSize(label)}
                className="qp-wheel__label"
              >
                {label}
              </text>
            </g>
          );
        })}
        <circle cx={c} cy={c} r="20" fill="#ffffff" stroke="#d0d4dc" strokeWidth="3" />
      </svg>
      <svg className="qp-wheel__pointer" viewBox="0 0 30 34" width="30" height="34" aria-hidden="true" focusable="false">
        <path d="M2 2h26L15 32z" fill="#1f2933" stroke="#ffffff" strokeWidth="3" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
