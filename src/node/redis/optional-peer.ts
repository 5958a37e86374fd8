import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';

/** An optional peer dependency that is not installed: the message names the package and the command that installs it. */
class MissingPeerError extends Error {
  override name = 'MissingPeerError';
}

const requireHere = createRequire(import.meta.url);

/**
 * Loads ioredis, an optional peer dependency needed only by the Redis quota store (`--redis`). ioredis is CommonJS, so a
 * plain `require` loads it synchronously from the ESM and the CommonJS builds alike.
 */
export function loadIoredis(): typeof IORedis {
  try {
    return requireHere('ioredis') as typeof IORedis;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes("'ioredis'")) {
      throw new MissingPeerError('The Redis quota store (--redis) needs the ioredis package: npm install ioredis', { cause: error });
    }
    throw error;
  }
}
