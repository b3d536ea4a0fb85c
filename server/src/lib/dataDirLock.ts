import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomToken } from './crypto.ts';

/** What a running server leaves in its data directory, so local tools can reach it instead of opening PGlite. */
export interface LockInfo {
  pid: number;
  url?: string;
  /** Proves a caller can read the data directory; sent by `npm run demo`. */
  localKey: string;
}

const lockPath = (dataDir: string) => join(resolve(dataDir), 'server.json');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The running server holding `dataDir`, if any. */
export function readLiveLock(dataDir: string): LockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
    return isAlive(info.pid) && info.pid !== process.pid ? info : undefined;
  } catch {
    return undefined;
  }
}

/** PGlite allows one process per data directory: claim it, or fail with a clear message. */
export function acquireDataDirLock(dataDir: string) {
  const holder = readLiveLock(dataDir);
  if (holder) {
    throw new Error(
      `Another server (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ''}) is using ${resolve(dataDir)}. Stop it first.`,
    );
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  const info: LockInfo = { pid: process.pid, localKey: randomToken() };
  writeFileSync(lockPath(dataDir), JSON.stringify(info), { mode: 0o600 });
  return {
    localKey: info.localKey,
    publish: (url: string) => writeFileSync(lockPath(dataDir), JSON.stringify({ ...info, url }), { mode: 0o600 }),
    release: () => rmSync(lockPath(dataDir), { force: true }),
  };
}

/**
 * For a command-line entry point (the server, scripts): the data directory's lock when the database is
 * the embedded PGlite, none with DATABASE_URL; when another process holds it, the process ends saying so.
 */
export function dataDirLockOrExit(env: { DATABASE_URL?: string; DATA_DIR: string }) {
  if (env.DATABASE_URL) return undefined;
  try {
    return acquireDataDirLock(env.DATA_DIR);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
