import { EnvError, parseEnv } from './env.ts';
import { startServer } from './server.ts';
import { dataDirLockOrExit } from './lib/dataDirLock.ts';

let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const lock = dataDirLockOrExit(env);
const running = await startServer(env, lock ? { localKey: lock.localKey } : {});
lock?.publish(running.url);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    running.services.logger.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    running
      .stop()
      .then(() => {
        lock?.release();
        process.exit(0);
      })
      .catch((error: unknown) => {
        running.services.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}
