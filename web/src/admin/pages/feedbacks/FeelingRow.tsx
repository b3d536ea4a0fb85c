import { Icon } from '@shopify/polaris';
import { StarIcon, ThumbsDownIcon, ThumbsUpIcon } from '@shopify/polaris-icons';
import { feelingValues, type FeelingType } from '@quizlead/shared/engagement.ts';

/** Mouth and brows of the five faces, from Angry to Delighted. */
const faces = [
  { mouth: 'M12 29 Q20 21 28 29', brows: ['M10 10 L17 13', 'M30 10 L23 13'] },
  { mouth: 'M13 28 Q20 24.5 27 28', brows: ['M10 13 L17 10', 'M30 13 L23 10'] },
  { mouth: 'M13 26.5 L27 26.5', brows: [] },
  { mouth: 'M12.5 25 Q20 31.5 27.5 25', brows: [] },
  { mouth: 'M11 23 Q20 36 29 23 Z', brows: [], open: true },
];

function Face({ index }: { index: number }) {
  const face = faces[index]!;
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="18" fill="#ffd166" stroke="#e0a800" strokeWidth="1.5" />
      <circle cx="14" cy="17" r="2" fill="#303030" />
      <circle cx="26" cy="17" r="2" fill="#303030" />
      {face.brows.map((brow) => (
        <path key={brow} d={brow} stroke="#303030" strokeWidth="2" strokeLinecap="round" />
      ))}
      <path d={face.mouth} stroke="#303030" strokeWidth="2" strokeLinecap="round" fill={face.open ? '#303030' : 'none'} />
    </svg>
  );
}

/** The row a visitor picks from, as the chosen feeling type draws it: faces, stars, thumbs or 1–5. */
export function FeelingRow({ type, accent }: { type: FeelingType; accent: string }) {
  const values = feelingValues[type];
  return (
    <ul className="ql-feeling-row" aria-label={`${values.length} choices: ${values.join(', ')}`}>
      {values.map((value, index) => (
        <li key={value} className="ql-feeling-row__choice">
          {type === 'emotion' ? (
            <>
              <Face index={index} />
              <span className="ql-feeling-row__caption">{value}</span>
            </>
          ) : type === 'star' ? (
            <>
              <span className="ql-feeling-row__glyph" style={{ color: '#e0a800' }}>
                <Icon source={StarIcon} />
              </span>
              <span className="ql-feeling-row__caption">{value}</span>
            </>
          ) : type === 'thumb' ? (
            <>
              <span className="ql-feeling-row__glyph" style={{ color: accent }}>
                <Icon source={index === 0 ? ThumbsUpIcon : ThumbsDownIcon} />
              </span>
              <span className="ql-feeling-row__caption">{value}</span>
            </>
          ) : (
            <span className="ql-feeling-row__number" style={{ borderColor: accent, color: accent }}>
              {value}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
