import { once } from 'node:events';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import type { AsyncFlateStreamHandler, ZipInputFile } from 'fflate';

/**
 * A zip entry for fflate's streaming Zip, deflated by node:zlib instead of fflate's JavaScript
 * deflate: zlib compresses on libuv's thread pool, beside the thread that writes the XML, and is
 * several times faster. Its size and CRC go into the entry's data descriptor once it ends.
 */
export class NativeZipDeflate implements ZipInputFile {
  readonly filename: string;
  readonly compression = 8;
  crc = 0;
  size = 0;
  /** Set by Zip.add(): where the compressed bytes go. */
  ondata: AsyncFlateStreamHandler = () => {};
  private readonly deflate: DeflateRaw;

  constructor(filename: string, level: number) {
    this.filename = filename;
    this.deflate = createDeflateRaw({ level });
    this.deflate.on('data', (chunk: Uint8Array<ArrayBuffer>) => this.ondata(null, chunk, false));
    this.deflate.on('end', () => this.ondata(null, new Uint8Array(0), true));
    this.deflate.on('error', (error) => this.ondata(error as never, new Uint8Array(0), true));
  }

  /** Adds bytes; resolves once zlib wants more (its buffer is below its high-water mark). */
  async push(chunk: Uint8Array): Promise<void> {
    this.crc = crc32(chunk, this.crc);
    this.size += chunk.length;
    if (!this.deflate.write(chunk)) await once(this.deflate, 'drain');
  }

  /** The last bytes: the entry ends once zlib has flushed them. */
  end(chunk: Uint8Array): void {
    this.crc = crc32(chunk, this.crc);
    this.size += chunk.length;
    this.deflate.end(chunk);
  }

  terminate(): void {
    this.deflate.destroy();
  }
}
