import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_HEADERS, preflightHeaders, utf8Length } from './response-headers.js';

const allowHeaders = (asked: string | null): string | undefined => new Map(preflightHeaders(asked)).get('access-control-allow-headers');

describe('utf8Length', () => {
  it('counts the bytes TextEncoder produces, lone surrogates and astral characters included', () => {
    const encoder = new TextEncoder();
    for (const text of ['', 'abc', 'Saint-Étienne', 'l’Hôtel', '😀', '\ud800x', 'x\udc00'])
      expect(utf8Length(text), text).toBe(encoder.encode(text).length);
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => utf8Length(text) === encoder.encode(text).length));
  });
});

describe('preflightHeaders', () => {
  it('grants the request headers a preflight asks for, as asked', () => {
    expect(allowHeaders('content-type,x-requested-with')).toBe('content-type,x-requested-with');
    expect(allowHeaders(' authorization, sentry-trace , baggage ')).toBe('authorization, sentry-trace , baggage');
  });

  it('grants the default list when nothing, or something that is not a list of header names, is asked', () => {
    for (const asked of [null, '', '  ', 'a b', 'x\r\ny', 'a,,b', ',', 'x,'.repeat(600) + 'x'])
      expect(allowHeaders(asked), asked ?? 'null').toBe(DEFAULT_ALLOWED_HEADERS);
    expect(DEFAULT_ALLOWED_HEADERS.split(', ')).toEqual(['Authorization', 'Content-Type', 'X-Requested-With', 'Cache-Control']);
  });
});
