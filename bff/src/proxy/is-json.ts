/**
 * Whether `bytes` (UTF-8) are one JSON text, exactly as `JSON.parse(bytes.toString('utf8'))` would decide,
 * without building the value. The proxy checks every bounded JSON answer before sending it (a broken
 * upstream answer becomes a clean 502); `JSON.parse` did that by decoding the bytes into a string and
 * building every object and string of the answer only to drop them, most of the BFF's own CPU time on a
 * proxied GET. This walks the bytes once and allocates nothing but a small stack of open containers.
 *
 * Byte-level scanning decides like the string-level parser: every token of the grammar is ASCII, bytes at
 * or above 0x80 are allowed only inside strings (where any decoded character, U+FFFD included, is), and
 * Node's UTF-8 decoder never folds an ASCII byte into a malformed sequence. Proven against JSON.parse by
 * is-json.test.ts (property tests on random and mutated texts).
 */
export function isJson(bytes: Uint8Array): boolean {
  const end = bytes.length;
  /** open containers, innermost last: OBJECT or ARRAY */
  const open: number[] = [];
  let i = skipSpace(bytes, 0);
  for (;;) {
    // a value starts at i
    if (i >= end) return false;
    const first = bytes[i]!;
    if (first === OPEN_BRACE) {
      i = skipSpace(bytes, i + 1);
      if (bytes[i] === CLOSE_BRACE) i += 1;
      else {
        open.push(OBJECT);
        i = memberValueStart(bytes, i);
        if (i < 0) return false;
        continue;
      }
    } else if (first === OPEN_BRACKET) {
      i = skipSpace(bytes, i + 1);
      if (bytes[i] === CLOSE_BRACKET) i += 1;
      else {
        open.push(ARRAY);
        continue;
      }
    } else {
      i = scalarEnd(bytes, i);
      if (i < 0) return false;
    }
    // a value ended at i: close what it ends, then find where the next value starts
    for (;;) {
      i = skipSpace(bytes, i);
      if (open.length === 0) return i === end;
      const container = open[open.length - 1]!;
      const next = bytes[i];
      if (next === COMMA) {
        i = skipSpace(bytes, i + 1);
        if (container === OBJECT) {
          i = memberValueStart(bytes, i);
          if (i < 0) return false;
        }
        break;
      }
      if (next !== (container === OBJECT ? CLOSE_BRACE : CLOSE_BRACKET)) return false;
      open.pop();
      i += 1;
    }
  }
}

const OBJECT = 1;
const ARRAY = 2;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];
/** the characters that may follow a backslash, besides `u` */
const SHORT_ESCAPES = new Set([QUOTE, BACKSLASH, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

function skipSpace(bytes: Uint8Array, from: number): number {
  let i = from;
  for (;;) {
    const c = bytes[i];
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i += 1;
    else return i;
  }
}

/** `"key" :` then spaces, from the key's quote: where the member's value starts, or -1. */
function memberValueStart(bytes: Uint8Array, from: number): number {
  if (bytes[from] !== QUOTE) return -1;
  let i = stringEnd(bytes, from);
  if (i < 0) return -1;
  i = skipSpace(bytes, i);
  if (bytes[i] !== COLON) return -1;
  return skipSpace(bytes, i + 1);
}

/** The end of a string, number or literal starting at `from`, or -1. */
function scalarEnd(bytes: Uint8Array, from: number): number {
  const first = bytes[from]!;
  if (first === QUOTE) return stringEnd(bytes, from);
  if (first === MINUS || isDigit(first)) return numberEnd(bytes, from);
  const literal = first === 0x74 ? TRUE : first === 0x66 ? FALSE : first === 0x6e ? NULL : undefined;
  if (literal === undefined) return -1;
  for (let k = 1; k < literal.length; k++) if (bytes[from + k] !== literal[k]) return -1;
  return from + literal.length;
}

/** From the opening quote: just past the closing one, or -1. */
function stringEnd(bytes: Uint8Array, from: number): number {
  const end = bytes.length;
  let i = from + 1;
  while (i < end) {
    const c = bytes[i]!;
    if (c === QUOTE) return i + 1;
    if (c < 0x20) return -1;
    if (c !== BACKSLASH) {
      i += 1;
      continue;
    }
    const escaped = bytes[i + 1];
    if (escaped === 0x75) {
      for (let k = 2; k < 6; k++) if (!isHex(bytes[i + k])) return -1;
      i += 6;
    } else if (escaped !== undefined && SHORT_ESCAPES.has(escaped)) i += 2;
    else return -1;
  }
  return -1;
}

/** `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: its end, or -1. */
function numberEnd(bytes: Uint8Array, from: number): number {
  let i = from;
  if (bytes[i] === MINUS) i += 1;
  if (bytes[i] === ZERO) i += 1;
  else if (isDigit(bytes[i])) i = digitsEnd(bytes, i);
  else return -1;
  if (bytes[i] === DOT) {
    if (!isDigit(bytes[i + 1])) return -1;
    i = digitsEnd(bytes, i + 1);
  }
  if (bytes[i] === 0x65 || bytes[i] === 0x45) {
    i += 1;
    if (bytes[i] === PLUS || bytes[i] === MINUS) i += 1;
    if (!isDigit(bytes[i])) return -1;
    i = digitsEnd(bytes, i);
  }
  return i;
}

function digitsEnd(bytes: Uint8Array, from: number): number {
  let i = from;
  while (isDigit(bytes[i])) i += 1;
  return i;
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= ZERO && c <= NINE;
}

function isHex(c: number | undefined): boolean {
  return (
    c !== undefined && ((c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66))
  );
}
