// `npm run build` step 1: the library (ESM + CommonJS, with declarations for each) from tsdown.config.mjs.
// tsdown 0.22 lists Node 22.18+ in its engines; on this path it uses one newer API, Promise.withResolvers (Node 22), so
// the build also runs on Node 20.19 with this small stand-in.
if (typeof Promise.withResolvers !== 'function') {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
const { build } = await import('tsdown');
await build({ configLoader: 'native', logLevel: 'warn' });
