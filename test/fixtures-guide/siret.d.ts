// Types for the `siret` npm package (MIT, no bundled types), the validator library the fixtures guide tests against.
declare module 'siret' {
  /** True when the 14-character string passes the Luhn check. */
  export function isSIRET(value: string): boolean;
  /** True when the 9-character string passes the Luhn check. */
  export function isSIREN(value: string): boolean;
}
