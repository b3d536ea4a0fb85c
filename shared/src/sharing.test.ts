import { describe, expect, it } from 'vitest';
import { activeQuizTypes } from './quizzes.ts';
import { quizPlayerPath } from './sharing.ts';

const id = '0b6c2f5e-6f1c-4a51-9a53-2f7d9c1e4b10';

describe('quizPlayerPath (spec section 4, "Player page choice")', () => {
  it('opens every active type in quizplayer2.html with the slug of the title', () => {
    for (const quizType of activeQuizTypes) {
      expect(quizPlayerPath({ id, title: 'Coffee & Tea: the Quiz!', quizType })).toBe(
        `/quizplayer2.html?quiztitle=coffee-tea-the-quiz&quizid=${id}`,
      );
    }
  });

  it('opens the old poll and feedback types in quizplayer.html', () => {
    expect(quizPlayerPath({ id, title: 'Old poll', quizType: 'poll' })).toBe(`/quizplayer.html?quiztitle=old-poll&quizid=${id}`);
    expect(quizPlayerPath({ id, title: 'Old form', quizType: 'feedback' })).toMatch(/^\/quizplayer\.html\?/);
  });

  it('marks the frame version with isiframe=true', () => {
    expect(quizPlayerPath({ id, title: 'Maths', quizType: 'graded_quiz' }, { iframe: true })).toBe(
      `/quizplayer2.html?quiztitle=maths&quizid=${id}&isiframe=true`,
    );
  });

  it("turns on the player's preview mode with preview=1 (the player reads it in web/src/player/route.ts)", () => {
    expect(quizPlayerPath({ id, title: 'Maths', quizType: 'graded_quiz' }, { preview: true })).toBe(
      `/quizplayer2.html?quiztitle=maths&quizid=${id}&preview=1`,
    );
  });
});
