import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';

// What encodeBody reads of Node's response: an answer on a socket, still open, whose 'close' never comes here.
const onSocket = { socket: {}, destroyed: false, once: () => undefined } as unknown as ServerResponse;

describe('encodeBody', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('takes Buffer.from for every body where WebAssembly does not run', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    vi.resetModules();
    const { encodeBody } = await import('./body-buffers.js');
    for (const text of ['é œ 🙂 a'.repeat(1_000), 'a'.repeat(21_845)]) {
      const body = encodeBody(text, onSocket);
      expect(body.buffer.byteLength).not.toBe(17 * 64 * 1024);
      expect(body.toString('utf8')).toBe(text);
    }
  });

  it('lends its buffers from one WebAssembly memory when it runs', async () => {
    const { encodeBody } = await import('./body-buffers.js');
    const body = encodeBody('é'.repeat(5_000), onSocket);
    expect([body.buffer.byteLength, body.byteOffset % (64 * 1024), body.toString('utf8')]).toEqual([17 * 64 * 1024, 0, 'é'.repeat(5_000)]);
  });
});
