import { describe, expect, it } from 'vitest';
import { feelingValues } from '../engagement.ts';
import fr from './catalogue/fr.ts';
import { feelingLabel } from './feelingWords.ts';
import { translator } from './translate.ts';

describe('feelingLabel', () => {
  const french = translator('fr', fr);

  it("names faces and thumbs in the visitor's language", () => {
    expect(feelingLabel('Angry', french)).toBe('En colère');
    expect(feelingLabel('Thumbs Up', french)).toBe('Pouce levé');
    expect(feelingLabel('Thumbs Up', translator('en', undefined))).toBe('Thumbs up');
  });

  it('has a word for every face and thumb value', () => {
    for (const value of [...feelingValues.emotion, ...feelingValues.thumb]) {
      expect(feelingLabel(value, () => 'worded')).toBe('worded');
    }
  });

  it('shows stars, scale numbers and unknown values as they are', () => {
    for (const value of [...feelingValues.star, ...feelingValues.scale, 'constructor']) {
      expect(feelingLabel(value, french)).toBe(value);
    }
  });
});
