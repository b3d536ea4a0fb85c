import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataDirLockOrExit } from './dataDirLock.ts';

describe('dataDirLockOrExit', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quizlead-lock-'));
  afterEach(() => vi.restoreAllMocks());

  it('takes no lock when the database is external', () => {
    expect(dataDirLockOrExit({ DATABASE_URL: 'postgres://127.0.0.1/db', DATA_DIR: dataDir })).toBeUndefined();
  });

  it('claims a free data directory', () => {
    const lock = dataDirLockOrExit({ DATA_DIR: dataDir });
    expect(lock?.localKey).toBeTruthy();
    lock?.release();
  });

  it('ends the process, naming the holder, when another live process holds the directory', () => {
    // The parent process (alive, not this one) stands for a running server.
    writeFileSync(join(dataDir, 'server.json'), JSON.stringify({ pid: process.ppid, localKey: 'k', url: 'http://127.0.0.1:9' }));
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exited');
    });
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => dataDirLockOrExit({ DATA_DIR: dataDir })).toThrow('exited');
    expect(exit).toHaveBeenCalledWith(1);
    expect(said).toHaveBeenCalledWith(expect.stringContaining(`pid ${process.ppid}, http://127.0.0.1:9`));
    rmSync(dataDir, { recursive: true, force: true });
  });
});
