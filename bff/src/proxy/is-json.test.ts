import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJson } from './is-json';

/** The rule isJson must follow: what the proxy checked with before. */
const parses = (bytes: Uint8Array) => {
  try {
    JSON.parse(Buffer.from(bytes).toString('utf8'));
    return true;
  } catch {
    return false;
  }
};

/** Space JSON allows between tokens, and a few bytes it does not. */
const space = fc.constantFrom('', ' ', '\n', '\t\r\n ', '\u000b', '\u00a0', '\ufeff');
/** Re-serialises a value with random (sometimes invalid) space around every token. */
const spaced = fc.tuple(fc.jsonValue(), fc.array(space, { minLength: 1, maxLength: 64 })).map(([v, gaps]) => {
  let k = 0;
  const gap = () => gaps[k++ % gaps.length]!;
  return JSON.stringify(v).replace(/("(?:[^"\\]|\\.)*"|[{}[\],:])/g, (token) => `${gap()}${token}${gap()}`);
});
/** Text from JSON's own alphabet and a little beyond: mostly invalid, often nearly valid. */
const jsonish = fc
  .array(
    fc.constantFrom(
      ...'{}[],:" \\/-+.0123456789eEtruefalsnbx\n\t'.split(''),
      'true',
      'false',
      'null',
      '\\u00e9',
      '\\u12',
      '"a"',
      'é',
      '\u0001',
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('isJson', () => {
  it('accepts every serialised JSON value', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => isJson(bytes(JSON.stringify(value))) === true));
  });

  it('decides like JSON.parse on values with random space, valid or not', () => {
    fc.assert(fc.property(spaced, (text) => isJson(bytes(text)) === parses(bytes(text))));
  });

  it('decides like JSON.parse on mutated, cut and joined texts', () => {
    const mutated = fc
      .tuple(
        fc.jsonValue(),
        fc.nat(),
        fc.integer({ min: 0, max: 255 }),
        fc.constantFrom('set', 'cut', 'insert', 'drop'),
      )
      .map(([value, at, byte, how]) => {
        const text = bytes(JSON.stringify(value));
        const k = text.length === 0 ? 0 : at % text.length;
        if (how === 'cut') return text.slice(0, k);
        if (how === 'drop') return Uint8Array.of(...text.slice(0, k), ...text.slice(k + 1));
        if (how === 'insert') return Uint8Array.of(...text.slice(0, k), byte, ...text.slice(k));
        const copy = text.slice();
        copy[k] = byte;
        return copy;
      });
    fc.assert(
      fc.property(mutated, (text) => isJson(text) === parses(text)),
      { numRuns: 2000 },
    );
  });

  it("decides like JSON.parse on text from JSON's alphabet", () => {
    fc.assert(
      fc.property(jsonish, (text) => isJson(bytes(text)) === parses(bytes(text))),
      {
        numRuns: 5000,
      },
    );
  });

  it.each([
    ['', false],
    [' ', false],
    ['{}', true],
    ['[]', true],
    ['{"a":}', false],
    ['{"a":1,}', false],
    ['[1,]', false],
    ['[1 2]', false],
    ['01', false],
    ['-', false],
    ['1.', false],
    ['.5', false],
    ['1e', false],
    ['-0.5E+12', true],
    ['"\\u00E9\\n"', true],
    ['"\\x"', false],
    ['"\\/\\b\\f\\r\\t\\"\\\\"', true],
    ['"tab\there"', false],
    ['"open', false],
    ['nul', false],
    ['true false', false],
    ['{"a" 1}', false],
    ['{1:2}', false],
    ['[{"a":[{"b":null}]}]', true],
    ['[[[[[[', false],
  ])('%j → %s', (text, expected) => {
    expect(isJson(bytes(text))).toBe(expected);
    expect(parses(bytes(text))).toBe(expected);
  });

  it('takes bytes that are not UTF-8 inside strings, as the decoder turns them into U+FFFD', () => {
    const text = Uint8Array.of(0x22, 0xff, 0xe2, 0x22);
    expect(isJson(text)).toBe(true);
    expect(parses(text)).toBe(true);
    expect(isJson(Uint8Array.of(0x5b, 0xff, 0x5d))).toBe(false);
  });

  it('follows nesting far deeper than a recursive parser could', () => {
    const depth = 100_000;
    expect(isJson(bytes(`${'['.repeat(depth)}${']'.repeat(depth)}`))).toBe(true);
    expect(isJson(bytes(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth - 1)}`))).toBe(false);
  });
});
