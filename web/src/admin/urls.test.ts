import { afterEach, describe, expect, it } from 'vitest';
import { setShell } from './shell.ts';
import { adminLink, adminPath, adminPaths, adminUrl } from './urls.ts';

afterEach(() => setShell('standalone'));

describe('adminUrl', () => {
  it('builds the spec’s /app/… routes in the standalone shell', () => {
    expect(adminUrl('Dashboard')).toBe('/app/');
    expect(adminUrl('Quizzes')).toBe('/app/Quizzes');
    expect(adminUrl('Quiz/Edit', 'q1')).toBe('/app/Quiz/Edit/q1');
    expect(adminUrl('Quiz/Share', 'q1')).toBe('/app/Quiz/Share/q1');
    expect(adminUrl('Quiz/Analytics', 'q1')).toBe('/app/Quiz/Analytics/q1');
    expect(adminUrl('answersheet', 'p1')).toBe('/app/answersheet/p1');
    expect(adminUrl('Feedback')).toBe('/app/Feedback');
    expect(adminUrl('Feedback/response', 'f1')).toBe('/app/Feedback/response/f1');
    expect(adminUrl('poll/share', 'p1', 'my-poll')).toBe('/app/poll/share/p1/my-poll');
    expect(adminUrl('wheelspin/share', 'w1', 'spin')).toBe('/app/wheelspin/share/w1/spin');
    expect(adminUrl('wheel_spinner/lists')).toBe('/app/wheel_spinner/lists');
  });

  it('puts every screen under /shopify/app in the embedded shell', () => {
    setShell('embedded');
    expect(adminUrl('Dashboard')).toBe('/shopify/app/');
    expect(adminUrl('Quiz/Edit', 'q1')).toBe('/shopify/app/Quiz/Edit/q1');
    expect(adminUrl('poll/share', 'p1', 'my-poll')).toBe('/shopify/app/poll/share/p1/my-poll');
    expect(adminUrl('Plan')).toBe('/shopify/app/Plan');
    expect(adminPath('Quizzes')).toBe('/shopify/app/Quizzes');
    expect(adminLink('Quizzes', 'Quizzes')).toEqual({ content: 'Quizzes', url: '/shopify/app/Quizzes' });
  });

  it('encodes values and adds a query in the order given', () => {
    expect(adminUrl('poll/share', 'p1', 'what / why? 100%')).toBe('/app/poll/share/p1/what%20%2F%20why%3F%20100%25');
    expect(adminUrl('Quiz/Create', { theme: '1', quiztype: 'scored' })).toBe('/app/Quiz/Create?theme=1&quiztype=scored');
    expect(adminUrl('Templates', { quiztype: 'a&b' })).toBe('/app/Templates?quiztype=a%26b');
    expect(adminUrl('Quiz/Edit', 'q1', { tab: 'lead' })).toBe('/app/Quiz/Edit/q1?tab=lead');
  });

  it('refuses a screen without its values (at compile time, and at run time for untyped callers)', () => {
    // @ts-expect-error: Quiz/Edit needs the quiz id
    expect(() => adminUrl('Quiz/Edit')).toThrow(/needs a value for :id/);
    // @ts-expect-error: poll/share needs the id and the slug
    expect(() => adminUrl('poll/share', 'p1')).toThrow(/needs a value for :slug/);
  });

  it('has a route for every screen, each a distinct pattern without a leading slash', () => {
    const patterns = Object.values(adminPaths);
    expect(new Set(patterns.map((pattern) => pattern.toLowerCase())).size).toBe(patterns.length);
    for (const pattern of patterns) expect(pattern.startsWith('/')).toBe(false);
  });
});
