import { describe, expect, it } from 'vitest';
import { quizIdFromText } from './quizIdFromText.ts';

const id = '0b6f1c5e-3f0a-4c1e-9a53-1d2f6e7a8b9c';

describe('quizIdFromText', () => {
  it('takes an id as typed, whatever its case and spaces', () => {
    expect(quizIdFromText(`  ${id.toUpperCase()} `)).toBe(id);
  });

  it('finds the id in any link to the quiz', () => {
    expect(quizIdFromText(`https://app.example.com/app/Quiz/Edit/${id}`)).toBe(id);
    expect(quizIdFromText(`https://app.example.com/play/${id}?embed=1`)).toBe(id);
    expect(quizIdFromText(`https://app.example.com/quizplayer2.html?quizid=${id}&isiframe=true`)).toBe(id);
  });

  it('leaves anything else for the server to refuse', () => {
    expect(quizIdFromText(' not a quiz ')).toBe('not a quiz');
    expect(quizIdFromText('')).toBe('');
  });
});
