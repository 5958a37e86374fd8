/** The whole number after `name` on the command line (at least `min`), or `fallback` when the flag is absent. */
export function intOption(name, fallback, min = 1) {
  const at = process.argv.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name}: a whole number >= ${min}, got ${process.argv[at + 1]}`);
  return value;
}
