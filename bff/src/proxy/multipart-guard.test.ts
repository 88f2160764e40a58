import { describe, expect, it } from 'vitest';
import { boundaryOf, MultipartTypeGuard } from './multipart-guard';

const B = 'xYz-123';
const part = (type: string, name = 'a.png', body = 'BODY\r\n--not-the-boundary') =>
  `--${B}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n${body}\r\n`;
const field = `--${B}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`;

/** Feeds `text` in chunks of `size` bytes; answers what passed and whether a violation was seen. */
async function run(text: string, size: number) {
  const guard = new MultipartTypeGuard(B, ['image/png', 'application/pdf']);
  let violation = false;
  guard.on('violation', () => {
    violation = true;
  });
  const out: Buffer[] = [];
  guard.on('data', (chunk: Buffer) => out.push(chunk));
  const bytes = Buffer.from(text, 'latin1');
  for (let i = 0; i < bytes.length; i += size) guard.write(bytes.subarray(i, i + size));
  guard.end();
  await new Promise((resolve) => guard.on('end', resolve));
  return { violation, passed: Buffer.concat(out).toString('latin1') };
}

describe('multipart type guard', () => {
  it('reads the boundary of a content type', () => {
    expect(boundaryOf(`multipart/form-data; boundary=${B}`)).toBe(B);
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(boundaryOf('multipart/form-data')).toBeNull();
  });

  it('passes allowed parts through unchanged, whatever the chunking', async () => {
    const body = `${field}${part('image/png')}${part('application/pdf', 'b.pdf', '')}--${B}--\r\n`;
    for (const size of [1, 3, 7, 64, 100_000]) {
      expect(await run(body, size)).toEqual({ violation: false, passed: body });
    }
  });

  it('stops at the first file part with a refused declared type, whatever the chunking', async () => {
    const body = `${part('image/png')}${part('text/html', 'x.html')}${part('image/png')}--${B}--\r\n`;
    for (const size of [1, 5, 4096]) {
      const { violation, passed } = await run(body, size);
      expect(violation).toBe(true);
      expect(passed.length).toBeLessThan(body.length);
      expect(passed).not.toContain('x.html"\r\nContent-Type: text/html\r\n\r\nBODY');
    }
  });

  it('refuses a file part without a type and oversized headers', async () => {
    const untyped = `--${B}\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\nx\r\n--${B}--`;
    expect((await run(untyped, 10)).violation).toBe(true);
    const huge = `--${B}\r\nX-Pad: ${'a'.repeat(20_000)}`;
    expect((await run(huge, 1000)).violation).toBe(true);
  });
});
