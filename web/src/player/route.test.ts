import { describe, expect, it } from 'vitest';
import { readRoute, shareUrl } from './route.ts';

const id = '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f';
const at = (href: string) => new URL(href, 'https://quiz.example');

describe('readRoute', () => {
  it('reads the quiz id from the query or the /play/{id} path', () => {
    expect(readRoute(at(`/quizplayer.html?quizid=${id}`), false)).toEqual({
      quizId: id,
      preview: false,
      embedded: false,
      variant: null,
      builder: false,
    });
    expect(readRoute(at(`/quizplayer2.html?quiztitle=x&quizid=${id}&isiframe=true`), false)).toEqual({
      quizId: id,
      preview: false,
      embedded: true,
      variant: null,
      builder: false,
    });
    expect(readRoute(at(`/play/${id}`), false).quizId).toBe(id);
    expect(readRoute(at(`/play/${id}/`), false).quizId).toBe(id);
  });

  it("plays the builder's draft only in a frame that asks for it with builder=1", () => {
    expect(readRoute(at('/quizplayer.html?builder=1'), true).builder).toBe(true);
    expect(readRoute(at('/quizplayer.html?builder=1'), false).builder).toBe(false);
    expect(readRoute(at('/quizplayer.html?builder=0'), true).builder).toBe(false);
  });

  it('turns preview on for preview=1 and the template preview page, and off for 0 or false', () => {
    expect(readRoute(at(`/quizplayer.html?quizid=${id}&preview=1`), false).preview).toBe(true);
    expect(readRoute(at(`/previewtemplate?quizid=${id}`), false).preview).toBe(true);
    expect(readRoute(at(`/quizplayer.html?quizid=${id}&preview=0`), false).preview).toBe(false);
    expect(readRoute(at(`/quizplayer.html?quizid=${id}&preview=false`), false).preview).toBe(false);
  });

  it('lets only a preview ask for one A/B variant', () => {
    expect(readRoute(at(`/quizplayer.html?quizid=${id}&preview=1&variant=b`), false).variant).toBe('b');
    expect(readRoute(at(`/quizplayer.html?quizid=${id}&variant=b`), false).variant).toBeNull();
    expect(readRoute(at(`/quizplayer.html?quizid=${id}&preview=1&variant=z`), false).variant).toBeNull();
  });

  it('knows it is embedded from the frame as well as from isiframe', () => {
    expect(readRoute(at(`/quizplayer.html?quizid=${id}`), true).embedded).toBe(true);
  });

  it('refuses ids no quiz can have without asking the server', () => {
    for (const href of ['/quizplayer.html', '/quizplayer.html?quizid=', '/quizplayer.html?quizid=a%20b', '/play/%E0%A4%A']) {
      expect(readRoute(at(href), false).quizId).toBeNull();
    }
  });
});

it('shares the page without the embedding and preview switches', () => {
  expect(shareUrl(at(`/quizplayer2.html?quiztitle=x&quizid=${id}&isiframe=true&preview=1#top`))).toBe(
    `https://quiz.example/quizplayer2.html?quiztitle=x&quizid=${id}`,
  );
});
