// `npm run build` step 2: the library (ESM + CommonJS, with declarations for each) from tsdown.config.mjs, through tsdown's
// API (its command line prints a Node 20 deprecation notice; its engines and this build support Node 20.19).
import { build } from 'tsdown';

await build({ configLoader: 'native', logLevel: 'warn' });
