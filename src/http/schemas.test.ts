import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { DIGITS, quantityParamSchema, seedParamSchema } from './schemas.js';

describe('parameter schemas', () => {
  // The handler tests quantity and seed against DIGITS directly; the OpenAPI document describes them with the schemas.
  it('accept exactly what the DIGITS pattern accepts, for quantity and seed', () => {
    const value = fc.oneof(fc.string(), fc.stringMatching(/^[0-9]{1,12}$/), fc.constantFrom('', ' 1', '1 ', '+1', '-1', '1e3', '1.0', '٣'));
    fc.assert(
      fc.property(value, (text) => {
        expect(z.safeParse(quantityParamSchema, text).success).toBe(DIGITS.test(text));
        expect(z.safeParse(seedParamSchema, text).success).toBe(DIGITS.test(text));
      }),
      { numRuns: 3000 },
    );
  });
});
