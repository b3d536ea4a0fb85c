import { setTimeout } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from '../logger.ts';

/** A LISTEN on one PostgreSQL channel, kept open across dropped connections. */
export interface ChannelListener {
  close(): Promise<void>;
}

/**
 * Listens on `channel` with a connection of its own (a pooled one would drop the LISTEN when it is
 * returned). When the connection drops it reconnects with a growing pause, and calls `onReconnect`:
 * whatever was sent meanwhile is lost, so the listener must assume it missed something.
 */
export async function listenOn(options: {
  connectionString: string;
  channel: string;
  onMessage: (payload: string) => void;
  onReconnect: () => void;
  logger: Logger;
}): Promise<ChannelListener> {
  const { connectionString, channel, onMessage, onReconnect, logger } = options;
  let closed = false;
  let client: pg.Client | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    next.on('error', (err) => logger.warn({ err, channel }, 'notification connection failed'));
    next.on('end', () => {
      if (!closed) void reconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };

  const reconnect = async () => {
    for (let attempt = 0; !closed; attempt++) {
      await setTimeout(Math.min(200 * 2 ** attempt, 10_000));
      try {
        await connect();
        onReconnect();
        return;
      } catch (err) {
        logger.warn({ err, channel, attempt }, 'notification connection: retrying');
      }
    }
  };

  await connect();
  return {
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
