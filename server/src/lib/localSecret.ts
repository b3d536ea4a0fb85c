import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The session secret of an install that configured none: random, made once and kept in the data
 * directory (readable by its owner only), so every install has its own and restarts keep sessions.
 * Never a constant in the source, which anyone could read and forge sessions and tokens with.
 */
export function localSessionSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // `wx`: two processes starting at once keep the first one's secret.
    writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}

const loopbackHosts = new Set(['localhost', '::1', '[::1]', '::ffff:127.0.0.1']);

/** Whether an address (a listen host or a peer's address) is this machine's loopback. */
export const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (loopbackHosts.has(address.toLowerCase()) || /^(::ffff:)?127\./.test(address));
