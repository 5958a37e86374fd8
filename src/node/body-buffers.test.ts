import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';

// What encodeBody reads of Node's response: an answer on a socket, still open, whose 'close' never comes here.
const onSocket = { socket: {}, destroyed: false, once: () => undefined } as unknown as ServerResponse;

describe('encodeBody', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  // No WebAssembly at all, or a module it refuses (a processor without the SIMD instructions the module uses).
  const { CompileError } = WebAssembly;
  const refusing = {
    Module: class {
      constructor() {
        throw new CompileError('SIMD unsupported');
      }
    },
  };
  it.each([
    ['no WebAssembly', undefined],
    ['a module it refuses', refusing],
  ])('takes Buffer.from for every body where WebAssembly does not run (%s)', async (_name, stub) => {
    vi.stubGlobal('WebAssembly', stub);
    vi.resetModules();
    const { encodeBody } = await import('./body-buffers.js');
    for (const text of ['é œ 🙂 a'.repeat(1_000), 'a'.repeat(21_845)]) {
      const body = encodeBody(text, onSocket);
      // Not a page of the 17-page WebAssembly memory (the test below shows that one when it runs).
      expect([body.buffer.byteLength === 17 * 64 * 1024, body.toString('utf8')]).toEqual([false, text]);
    }
  });

  it('lends its buffers from one WebAssembly memory when it runs', async () => {
    const { encodeBody } = await import('./body-buffers.js');
    const body = encodeBody('é'.repeat(5_000), onSocket);
    expect([body.buffer.byteLength, body.byteOffset % (64 * 1024), body.toString('utf8')]).toEqual([17 * 64 * 1024, 0, 'é'.repeat(5_000)]);
  });
});
