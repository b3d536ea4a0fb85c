import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ['err.body', '*.password', '*.token', '*.currentPassword', '*.newPassword'], remove: true },
  });
}
