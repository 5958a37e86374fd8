// The lookup routes, this mock's extension: the establishment behind a SIRET, the unit behind a SIREN.
export { createLookupRoute } from './lookup-route.js';
