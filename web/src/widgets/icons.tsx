/**
 * The feedback widget's pictures, inline SVG (no emoji fonts needed): five faces, a star and a thumb.
 * Decorative: each sits in a labelled radio button. Star and thumb shapes after Material Icons (Apache 2.0).
 */

const faces = {
  Angry: { fill: '#f05a4f', features: 'M14 15l7 4M34 15l-7 4', mouth: 'M15 35q9-8 18 0' },
  Worried: { fill: '#f7a541', features: 'M14 18l6-3M34 18l-6-3', mouth: 'M16 34q8-5 16 0' },
  Neutral: { fill: '#f7d046', features: '', mouth: 'M16 32h16' },
  Happy: { fill: '#9ccc4a', features: '', mouth: 'M15 29q9 8 18 0' },
  Delighted: { fill: '#3dbb6c', features: '', mouth: 'M13 27q11 15 22 0z' },
} as const;

export function Face({ feeling }: { feeling: string }) {
  const face = faces[feeling as keyof typeof faces] ?? faces.Neutral;
  const delighted = feeling === 'Delighted';
  return (
    <svg className="qw-icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill={face.fill} />
      {delighted ? (
        <path d="M13 21q3.5-5 7 0M28 21q3.5-5 7 0" fill="none" stroke="#2b2b2b" strokeWidth="2.6" strokeLinecap="round" />
      ) : (
        <>
          <circle cx="17" cy="22" r="2.8" fill="#2b2b2b" />
          <circle cx="31" cy="22" r="2.8" fill="#2b2b2b" />
        </>
      )}
      {face.features ? <path d={face.features} fill="none" stroke="#2b2b2b" strokeWidth="2.6" strokeLinecap="round" /> : null}
      <path
        d={face.mouth}
        fill={delighted ? '#2b2b2b' : 'none'}
        stroke="#2b2b2b"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Star({ filled }: { filled: boolean }) {
  return (
    <svg className="qw-icon" viewBox="0 0 24 24" width="44" height="44" aria-hidden="true" focusable="false">
      <path
        d="M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z"
        fill={filled ? '#f5b301' : 'none'}
        stroke={filled ? '#b07d00' : '#6b7080'}
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Thumb({ down }: { down: boolean }) {
  return (
    <svg className="qw-icon" viewBox="0 0 24 24" width="44" height="44" aria-hidden="true" focusable="false">
      <path
        transform={down ? 'rotate(180 12 12)' : undefined}
        d="M1 21h4V9H1v12zm22-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z"
        fill="currentColor"
      />
    </svg>
  );
}
