import type { ServerResponse } from 'node:http';
import { UTF16_TO_UTF8_WASM } from './utf16-to-utf8-wasm.js';

/** The size of a lent body buffer (one WebAssembly page): UTF-8 takes at most 3 bytes per UTF-16 code unit. */
const BODY_BUFFER_BYTES = 64 * 1024;
/** The longest text a lent buffer holds, in UTF-16 code units. */
const MAX_LENT_UNITS = Math.floor(BODY_BUFFER_BYTES / 3);
/** Buffers in all, lent or spare (1 MB): once all are lent, a body takes `Buffer.from` until one comes back. */
const MAX_BODY_BUFFERS = 16;
/**
 * Shorter text takes `Buffer.from` (into Node's shared buffer pool when its UTF-8 is under half the pool, 4 KB on Node 20
 * and 22): lending a buffer costs a `close` listener and a view, more than it saves on short text.
 */
const MIN_LENT_UNITS = 4096;

interface Utf8Module {
  /** Page 0: the text's UTF-16 code units; pages 1 to 16: the body buffers. */
  readonly memory: WebAssembly.Memory;
  readonly utf16ToUtf8: (source: number, units: number, target: number) => number;
  /** A view of page 0. */
  readonly units: Buffer;
  /** Offsets of the pages not lent. */
  readonly spare: number[];
}

/** The module once loaded; null where it cannot run (no WebAssembly, or a processor without the SIMD it uses). */
let loaded: Utf8Module | null | undefined;

/** Compiles and instantiates the encoder when the first long body comes (well under a millisecond, once). */
function utf8Module(): Utf8Module | null {
  if (loaded !== undefined) return loaded;
  let instance: WebAssembly.Instance;
  try {
    instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(UTF16_TO_UTF8_WASM, 'base64')));
  } catch {
    return (loaded = null);
  }
  const exports = instance.exports as unknown as Pick<Utf8Module, 'memory' | 'utf16ToUtf8'>;
  const spare: number[] = [];
  for (let page = MAX_BODY_BUFFERS; page >= 1; page--) spare.push(page * BODY_BUFFER_BYTES);
  loaded = {
    memory: exports.memory,
    utf16ToUtf8: exports.utf16ToUtf8,
    units: Buffer.from(exports.memory.buffer, 0, BODY_BUFFER_BYTES),
    spare,
  };
  return loaded;
}

/**
 * The body's UTF-8 bytes, for Node's own `ServerResponse` on a socket.
 *
 * Text of 4,096 to 21,845 code units (a 50-record answer is about 8,400) is encoded into a buffer lent to this answer and
 * given back when it closes: after its last byte has been handed to the kernel, or after its connection has closed and no
 * byte of it will be sent any more. The buffers are pages of one WebAssembly memory, and a small WebAssembly function
 * encodes the text there. V8 writes a string built by concatenation as UTF-16 in one walk of its pieces
 * (`buffer.write(text, 'utf16le')`), and the function turns that into UTF-8 sixteen ASCII code units at a time. `encodeInto`
 * and `Buffer.from` first copy the pieces into one flat string, then encode it one character at a time on Node 20 and 22.
 *
 * Everything else takes `Buffer.from`: short text (see MIN_LENT_UNITS); text too long for a buffer; an answer waiting
 * behind another on its connection (pipelined requests: `res.socket` is null until its turn), so that a flood of pipelined
 * requests holds no more memory than before; an answer whose client has left; any answer once all buffers are lent; every
 * answer where WebAssembly does not run.
 */
export function encodeBody(text: string, res: ServerResponse): Buffer {
  if (
    text.length < MIN_LENT_UNITS ||
    text.length > MAX_LENT_UNITS ||
    res.socket == null ||
    // Closed already (its client left while the answer was being made): 'close' will not come again to give it back.
    res.destroyed
  )
    return Buffer.from(text);
  const module = utf8Module();
  if (module === null) return Buffer.from(text);
  const page = module.spare.pop();
  if (page === undefined) return Buffer.from(text);
  res.once('close', () => module.spare.push(page));
  const written = module.units.write(text, 0, 'utf16le');
  const length = module.utf16ToUtf8(0, written >>> 1, page);
  return Buffer.from(module.memory.buffer, page, length);
}
