// Addresses: the commune table (a current commune, weighted by population, with one of its postcodes) and a street in it.
export { drawAddress, loadCommunes, type Address, type Commune } from './address.js';
