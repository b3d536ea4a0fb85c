import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromePath, chromiumFlags, testChromePath } from '../../server/src/test/chromium.ts';
import { getTestServer, type TestServer } from '../../server/src/test/getTestServer.ts';

const resultsDir = fileURLToPath(new URL('../../test-results/', import.meta.url));

/**
 * The real server (PostgreSQL when DATABASE_URL is set, else PGlite) and Debian's Chromium, headless
 * (its headless shell when installed: testChromePath).
 * `startServer` boots another variant of it (getShopifyTestServer for the embedded app); `browserArgs`
 * are more Chromium switches (e.g. --host-resolver-rules); `fullChromium` drives Debian's full `chromium`
 * instead of the shell, for a flow whose redirect to another site is answered by Playwright's request
 * routing (the shell sends that redirect to the network without offering it to the route).
 */
export async function startBrowserHarness<Server extends TestServer = TestServer>(
  startServer: () => Promise<Server> = getTestServer as () => Promise<Server>,
  options: { browserArgs?: string[]; fullChromium?: boolean } = {},
) {
  const executablePath = options.fullChromium ? chromePath : testChromePath;
  if (!existsSync(executablePath))
    throw new Error(
      `Chromium not found at ${executablePath}: apt-get install chromium chromium-headless-shell, or set CHROME_PATH`,
    );
  if (!existsSync(fileURLToPath(new URL('../dist/index.html', import.meta.url)))) {
    throw new Error('standalone/dist is missing: run `npm run build` first (npm test does)');
  }
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [...chromiumFlags, ...(options.browserArgs ?? [])],
  });
  mkdirSync(resultsDir, { recursive: true });
  return new BrowserHarness(server, browser);
}

export class BrowserHarness<Server extends TestServer = TestServer> {
  readonly server: Server;
  readonly browser: Browser;
  readonly #contexts: BrowserContext[] = [];

  constructor(server: Server, browser: Browser) {
    this.server = server;
    this.browser = browser;
  }

  /**
   * A fresh browser profile (no cookies) at desktop or phone width. `ignoreHTTPSErrors` accepts the
   * self-signed certificates of local stand-ins for https sites.
   */
  async newPage(options: { width?: number; height?: number; ignoreHTTPSErrors?: boolean } = {}): Promise<Page> {
    const context = await this.browser.newContext({
      baseURL: this.server.url,
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
    });
    this.#contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  /** Saves test-results/<name>.png, full page. */
  async screenshot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: `${resultsDir}${name}.png`, fullPage: true });
  }

  /** Reads the newest mail to `to` from the dev mailbox page, as a person would. */
  async mailText(page: Page, to: string, matching: RegExp): Promise<string> {
    await this.server.waitForMail(to, matching);
    await page.goto('/dev/mailbox');
    const article = page.locator('article', { hasText: to }).filter({ hasText: matching }).first();
    return article.innerText();
  }

  async close(): Promise<void> {
    for (const context of this.#contexts) await context.close();
    await this.browser.close();
    await this.server.stop();
  }
}

/**
 * Another site on its own port, for embed tests: answers each path with the HTML `page` gives for its
 * address (404 when it gives none). By default the pages are whatever the test puts in `pages`.
 */
export async function startHostSite(page?: (url: URL) => string | undefined) {
  const pages = new Map<string, string>();
  const answer = page ?? ((url: URL) => pages.get(url.pathname));
  const server = createServer((request, response) => {
    const html = answer(new URL(request.url ?? '/', 'http://host'));
    response.statusCode = html === undefined ? 404 : 200;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(html ?? 'Not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pages,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
export type HostSite = Awaited<ReturnType<typeof startHostSite>>;
