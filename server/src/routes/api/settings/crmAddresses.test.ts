import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeCampaignMessages } from '../../../integrations/crm/activecampaign.ts';
import { resolveExternalHostsWith } from '../../../integrations/external/externalFetch.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { addCrmDestination, playQuizWithLead, waitForDeliveries } from '../../../test/leadsPipelineKit.ts';
import { createGradedQuiz } from '../../../test/quizFactory.ts';

/**
 * The CRM settings as an SSRF door (issue 32, security 1), on a server with no EXTERNAL_API_ORIGIN: CRM
 * calls go to the real addresses here, through the webhooks' checks. A local server stands where a
 * probe pointed the ActiveCampaign account URL; it must never hear from us.
 */

let server: TestServer;
let connections = 0;
const local = createServer((_request, response) => response.end('{"contact":{"id":"1"}}'));
local.on('connection', () => connections++);
let port = 0;

/** What DNS answers in these tests: a provider's host that resolves to a private address. */
const privately: Record<string, string> = {
  'acme.api-us1.com': '127.0.0.1',
  'rebound.activehosted.com': '169.254.169.254',
  'acme.agilecrm.com': '10.0.0.5',
};

beforeAll(async () => {
  await new Promise<void>((done) => local.listen(0, '127.0.0.1', done));
  port = (local.address() as AddressInfo).port;
  server = await getTestServer({ DELIVERY_RETRY_DELAYS: '0,0.3' });
  resolveExternalHostsWith(async (hostname) => {
    const address = privately[hostname];
    if (!address) throw Object.assign(new Error(`no test address for ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: 4 }];
  });
});
afterAll(async () => {
  resolveExternalHostsWith(undefined);
  await server.stop();
  await new Promise<void>((done) => local.close(() => done()));
});

const activeCampaignOn = (account: string) => ({
  enabled: true,
  provider: 'activecampaign',
  settings: { api_key: 'ac-key-0123456789', activecampaign_account: account },
});

describe('saving a CRM’s address', () => {
  it('accepts only the hosts ActiveCampaign documents; any other is a 400 naming the field, and nothing is called', async () => {
    const { client } = await createOwner(server);
    const refused = [
      `http://127.0.0.1:${port}`,
      `127.0.0.1:${port}`,
      `https://127.0.0.1:${port}`,
      '10.0.0.5',
      'https://10.0.0.5',
      'https://169.254.169.254/latest/meta-data/',
      `https://x.api-us1.com@127.0.0.1:${port}`,
      'https://x.api-us1.com:secret@127.0.0.1',
      'https://evil.example.com',
      'https://acme.api-us1.com.evil.example',
      `https://acme.api-us1.com:${port}`,
      'http://acme.api-us1.com',
      'https://api-us1.com',
      'https://a.b.api-us1.com',
      'https://[::1]',
      'ftp://acme.api-us1.com',
    ];
    for (const account of refused) {
      for (const path of ['/api/v1/settings/crm', '/api/v1/settings/crm/test']) {
        const body = activeCampaignOn(account);
        const answer = path.endsWith('/test') ? await client.post(path, body) : await client.put(path, body);
        expect(answer.status, `${path} ${account}`).toBe(400);
        expect(answer.body.error, `${path} ${account}`).toEqual({
          code: 'validation',
          message: activeCampaignMessages.hostRefused,
          field: 'settings.activecampaign_account',
        });
      }
    }
    expect((await client.get('/api/v1/settings/integrations')).body.data.crm).toBeNull();

    for (const account of ['https://acme.api-us1.com', 'https://acme.api-us1.com/', 'acme.activehosted.com', 'acme']) {
      const saved = await client.put('/api/v1/settings/crm', activeCampaignOn(account));
      expect(saved.status, account).toBe(200);
      expect(saved.body.data.settings.activecampaign_account).toBe(account);
    }
    // Agile CRM's domain and Mailchimp's data centre are one DNS label inside the provider's own domain.
    const agile = await client.put('/api/v1/settings/crm', {
      enabled: true,
      provider: 'agilecrm',
      settings: { agilecrm_domain: '127.0.0.1', agilecrm_email: 'me@example.com', api_key: 'k' },
    });
    expect(agile.body.error).toMatchObject({ field: 'settings.agilecrm_domain' });
    const mailchimp = await client.put('/api/v1/settings/crm', {
      enabled: true,
      provider: 'mailchimp',
      settings: { api_key: `abc-us6@127.0.0.1:${port}`, campaignid: 'x' },
    });
    expect(mailchimp.body.error).toMatchObject({ field: 'settings.api_key' });
    expect(connections).toBe(0);
  });
});

describe('calling a CRM whose host resolves to a private address', () => {
  it('Test connection is refused before anything is sent, and says why', async () => {
    const { client } = await createOwner(server);
    for (const [account, address, kind] of [
      ['acme', '127.0.0.1', 'a loopback address'],
      ['https://rebound.activehosted.com', '169.254.169.254', 'a link-local address (cloud metadata lives there)'],
    ] as const) {
      const tested = await client.post('/api/v1/settings/crm/test', activeCampaignOn(account));
      expect(tested.status, account).toBe(200);
      const host = account === 'acme' ? 'acme.api-us1.com' : 'rebound.activehosted.com';
      expect(tested.body.data, account).toMatchObject({
        ok: false,
        message: `Calls cannot be sent to ${host}: it resolves to ${address}, ${kind}`,
      });
      // The request is shown as it would have gone; no answer, since none was asked for.
      expect(tested.body.data.exchange, account).toHaveLength(1);
      expect(tested.body.data.exchange[0].response, account).toBeUndefined();
    }
    expect(connections).toBe(0);
  });

  it('a lead’s delivery is refused at once (not retried), and a legacy saved address on this machine is never called', async () => {
    // One CRM an account: each case its own account, its quiz and a lead.
    const leadTo = async (provider: string, settings: Record<string, unknown>) => {
      const { client, account } = await createOwner(server);
      const quiz = await createGradedQuiz(client, { title: 'SSRF quiz', questions: 1, publish: true });
      const destination = await addCrmDestination(server, account.id, provider, settings);
      const { led } = await playQuizWithLead(server.client(), quiz.id, { name: 'Ann Lee', email: 'ann.ssrf@example.com' });
      expect(led!.status).toBe(200);
      const [delivery] = await waitForDeliveries(server, destination.id, 'dead');
      return delivery!;
    };
    // Saved before the hosts were checked: the probe's own value, straight into the row.
    const legacy = await leadTo('activecampaign', {
      api_key: 'ac-key-0123456789',
      activecampaign_account: `https://x.api-us1.com@127.0.0.1:${port}`,
    });
    expect(legacy.lastError).toBe('ActiveCampaign: the activecampaign_account setting is missing or invalid.');
    const rebound = await leadTo('agilecrm', {
      agilecrm_domain: 'acme',
      agilecrm_email: 'me@example.com',
      api_key: 'agile-key-0123456789',
    });
    expect(rebound.lastError).toBe('Calls cannot be sent to acme.agilecrm.com: it resolves to 10.0.0.5, a private address');
    expect(rebound.attempts).toBe(1);
    expect(connections).toBe(0);
  });
});
