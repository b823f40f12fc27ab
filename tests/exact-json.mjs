// Comparing the wasm module's results with the command line's JSON exactly. The module
// gives every 64-bit integer as a BigInt (exact past 2^53) and 32-bit ones as numbers; the
// command line's JSON has no such types, and JSON.parse would round an integer past 2^53.
// So the JSON is read with its integers as BigInts, and both sides compared with every
// integer as a BigInt.

/** `text` as JSON.parse reads it, but with every integer written in it a BigInt. */
export function parseExact(text) {
  const MARK = "\u0000int:"; // a NUL: no string the command line writes starts so
  // Strings first (so digits inside them stay as they are), then integers not part of a
  // decimal or an exponent.
  const marked = text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g,
    (token) => (/^-?\d+$/.test(token) ? `"\\u0000int:${token}"` : token));
  return JSON.parse(marked, (_key, value) =>
    (typeof value === "string" && value.startsWith(MARK) ? BigInt(value.slice(MARK.length)) : value));
}

/** `value` with every integer (a whole number or a BigInt) a BigInt, deeply. */
export function exact(value) {
  if (typeof value === "number" && Number.isInteger(value)) return BigInt(value);
  if (Array.isArray(value)) return value.map(exact);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, exact(v)]));
  }
  return value;
}
