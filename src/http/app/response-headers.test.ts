import { describe, expect, it } from 'vitest';
import { ALLOWED_REQUEST_HEADERS, preflightHeaders } from './response-headers.js';

const allowHeaders = (asked: string | null): string | undefined => new Map(preflightHeaders(asked)).get('access-control-allow-headers');

describe('preflightHeaders', () => {
  it('grants the request headers a preflight asks for, as asked', () => {
    expect(allowHeaders('content-type,x-requested-with')).toBe('content-type,x-requested-with');
    expect(allowHeaders(' authorization, sentry-trace , baggage ')).toBe('authorization, sentry-trace , baggage');
  });

  it('grants the default list when nothing, or something that is not a list of header names, is asked', () => {
    for (const asked of [null, '', '  ', 'a b', 'x\r\ny', 'a,,b', ',', 'x,'.repeat(600) + 'x'])
      expect(allowHeaders(asked), asked ?? 'null').toBe(ALLOWED_REQUEST_HEADERS);
    expect(ALLOWED_REQUEST_HEADERS.split(', ')).toEqual(['Authorization', 'Content-Type', 'X-Requested-With', 'Cache-Control']);
  });
});
