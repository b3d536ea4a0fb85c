import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenExists } from '@quizlead/shared/navigation.ts';
import { tutorialIds, tutorialTexts } from '@quizlead/shared/reports.ts';
import { ZTutorialsResponse } from '@quizlead/shared/schemas/reports.ts';
import { EnvError, parseEnv } from '../../../env.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { defaultTutorialUrl } from './tutorials.ts';

const firstQuizUrl = 'https://videos.example.com/first-quiz';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ TUTORIAL_LINKS: JSON.stringify({ 'first-quiz': firstQuizUrl }) });
});
afterAll(() => server.stop());

describe('GET /api/v1/tutorials', () => {
  it('401 without a session', async () => {
    expect((await server.client().get('/api/v1/tutorials')).status).toBe(401);
  });

  it('lists, in order, the guides to screens that exist, with the configured link or the default one', async () => {
    const { client } = await createOwner(server);
    const response = await client.get('/api/v1/tutorials');
    expect(response.status).toBe(200);
    const { data } = ZTutorialsResponse.parse(response.body);
    expect(data.map((tutorial) => tutorial.id)).toEqual([
      'first-quiz',
      'email-notifications',
      'company-logo',
      'embedding',
      'integrations',
    ]);
    expect(data.map((tutorial) => tutorial.id)).toEqual(tutorialIds.filter((id) => screenExists(tutorialTexts[id].screen)));
    const { title, description } = tutorialTexts['first-quiz'];
    expect(data[0]).toEqual({ id: 'first-quiz', title, description, url: firstQuizUrl });
    for (const tutorial of data.slice(1)) {
      const texts = tutorialTexts[tutorial.id];
      expect(tutorial).toEqual({
        id: tutorial.id,
        title: texts.title,
        description: texts.description,
        url: defaultTutorialUrl(tutorial.id),
      });
    }
  });
});

describe('TUTORIAL_LINKS', () => {
  const failure = (value: string) => {
    try {
      parseEnv({ TUTORIAL_LINKS: value });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      return (error as Error).message;
    }
    throw new Error(`TUTORIAL_LINKS=${value} was accepted`);
  };

  it('is optional and keeps the links it is given', () => {
    expect(parseEnv({}).TUTORIAL_LINKS).toEqual({});
    expect(parseEnv({ TUTORIAL_LINKS: '{"embedding":"https://example.com/embed"}' }).TUTORIAL_LINKS).toEqual({
      embedding: 'https://example.com/embed',
    });
  });

  it('stops start-up naming the variable and the reason', () => {
    expect(failure('not json')).toMatch(/^\s*TUTORIAL_LINKS: must be a JSON object/m);
    expect(failure('["https://example.com"]')).toMatch(/TUTORIAL_LINKS: must be a JSON object/);
    expect(failure('{"first-quiz":"http://example.com/x"}')).toMatch(/TUTORIAL_LINKS: 'first-quiz' must be an https URL/);
    expect(failure('{"first-quiz":42}')).toMatch(/TUTORIAL_LINKS: 'first-quiz' must be an https URL/);
    expect(failure('{"pricing":"https://example.com/x"}')).toMatch(/TUTORIAL_LINKS: unknown tutorial 'pricing'/);
  });
});
