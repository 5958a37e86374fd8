/** The package's version, as `info.version` of the OpenAPI document. Written here so no browser bundle reads package.json; a test keeps it in step. */
export const PACKAGE_VERSION = '0.2.0';
