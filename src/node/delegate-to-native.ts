/**
 * Gives a light class every member of a fetch API class (`Request`, `Response`, `Headers`) that it does not define itself,
 * each forwarding to a full native object built on first use; its prototype chain ends in the native prototype, so
 * `instanceof` holds. The light class stays cheap for what the service reads, and correct for anything else a handler does.
 */
export function delegateToNative(light: { prototype: object }, native: { prototype: object }, nativeOf: (self: never) => object): void {
  const proto = light.prototype;
  for (const key of Reflect.ownKeys(native.prototype)) {
    if (key === 'constructor' || Object.hasOwn(proto, key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(native.prototype, key) as PropertyDescriptor;
    if (typeof descriptor.value === 'function') {
      const method = descriptor.value as (...args: unknown[]) => unknown;
      Object.defineProperty(proto, key, {
        configurable: true,
        writable: true,
        value(this: never, ...args: unknown[]) {
          return method.apply(nativeOf(this), args);
        },
      });
    } else if (descriptor.get !== undefined) {
      const get = descriptor.get;
      Object.defineProperty(proto, key, {
        configurable: true,
        get(this: never) {
          return get.call(nativeOf(this));
        },
      });
    }
  }
  Object.setPrototypeOf(proto, native.prototype);
}
