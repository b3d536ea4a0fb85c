import { describe, expect, it } from 'vitest';
import { readWidgetRoute } from './route.ts';

const id = '0b8d2a34-4f4e-4c1e-9f55-3b1f1e7c9a10';

describe('readWidgetRoute', () => {
  it('reads the poll, demo poll, feedback and wheel pages', () => {
    expect(readWidgetRoute(`/poll/publish/show/${id}/best-coffee`)).toEqual({ kind: 'poll', id, demo: false });
    expect(readWidgetRoute(`/poll/demo/preview/${id}/best-coffee/`)).toEqual({ kind: 'poll', id, demo: true });
    expect(readWidgetRoute(`/feedback/preview/${id}`)).toEqual({ kind: 'feedback', id });
    expect(readWidgetRoute(`/wheelspin/publish/show/${id}/prizes`)).toEqual({ kind: 'wheel', id });
  });

  it('takes a missing slug but nothing else', () => {
    expect(readWidgetRoute(`/poll/publish/show/${id}`)).toEqual({ kind: 'poll', id, demo: false });
    expect(readWidgetRoute(`/feedback/preview/${id}/extra`)).toEqual({ kind: 'unknown' });
    expect(readWidgetRoute('/poll/publish/show/%E0%A4%A/x')).toEqual({ kind: 'unknown' });
    expect(readWidgetRoute('/poll/publish/show/a%20b/x')).toEqual({ kind: 'unknown' });
    expect(readWidgetRoute('/wheelspin/other')).toEqual({ kind: 'unknown' });
  });
});
