import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskStorage } from './diskStorage.ts';

describe('diskStorage', () => {
  const storage = diskStorage(mkdtempSync(join(tmpdir(), 'quizlead-storage-')));

  it('puts, gets and deletes', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    await storage.put('account/file', bytes);
    expect(await storage.get('account/file')).toEqual(bytes);
    await storage.delete('account/file');
    expect(await storage.get('account/file')).toBeUndefined();
    await expect(storage.delete('account/file')).resolves.toBeUndefined();
  });

  it('refuses keys that climb out of the root', async () => {
    await expect(storage.put('../escape', new Uint8Array([1]))).rejects.toThrow(/escapes/);
  });
});
