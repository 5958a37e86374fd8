// msw 2.15's own needs under Jest, and nothing else (siret-mock adds nothing):
// - jest-fixed-jsdom: jsdom with Node's fetch, streams and TextEncoder, and Node's export conditions (msw's docs);
// - a Babel transform and transformIgnorePatterns for msw's three ESM-only dependencies (measured: each one, left out,
//   fails with "Must use import to load ES Module"; msw-only.test.js shows msw alone needs exactly this).
module.exports = {
  testEnvironment: 'jest-fixed-jsdom',
  transform: { '\\.[cm]?js$': 'babel-jest' },
  transformIgnorePatterns: ['/node_modules/(?!(rettime|@open-draft/deferred-promise|until-async)/)'],
};
