import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors.ts';

/** Reads a request body of at most `maxBytes`, failing with 413 as soon as it is exceeded. */
export async function readRawBody(req: IncomingMessage, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) throw new AppError(413, 'payload_too_large', tooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      req.resume();
      throw new AppError(413, 'payload_too_large', tooLarge);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The image type a file really is, from its first bytes, whatever its name or header says. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) {
    return 'image/webp';
  }
  return undefined;
}
