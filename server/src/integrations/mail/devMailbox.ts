import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export interface StoredMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The headers it would carry besides From, To, Reply-To and Subject (Auto-Submitted, List-Unsubscribe…). */
  headers?: Record<string, string>;
  /** Attachments by name, type and size (their bytes are not kept). */
  attachments?: Array<{ filename: string; contentType: string; size: number }>;
  sentAt: string;
}

/** Mail kept as JSON files for development, listed newest first at /dev/mailbox. */
export class DevMailbox {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  async store(message: Omit<StoredMail, 'id' | 'sentAt'>): Promise<StoredMail> {
    await mkdir(this.dir, { recursive: true });
    const sentAt = new Date().toISOString();
    const mail: StoredMail = { id: randomUUID(), sentAt, ...message };
    // The timestamp leads the file name so a plain sort orders mails by time.
    await writeFile(join(this.dir, `${sentAt.replace(/[:.]/g, '-')}_${mail.id}.json`), JSON.stringify(mail, null, 2));
    return mail;
  }

  async list(limit = 100): Promise<StoredMail[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const newest = names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse()
      .slice(0, limit);
    return Promise.all(newest.map(async (name) => JSON.parse(await readFile(join(this.dir, name), 'utf8')) as StoredMail));
  }
}
