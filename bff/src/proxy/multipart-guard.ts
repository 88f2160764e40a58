import { Transform, type TransformCallback } from 'node:stream';

const HEADERS_MAX = 16 * 1024;

/** The boundary of a `multipart/form-data` content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * Passes a multipart body through unchanged, chunk by chunk (nothing is held back but a few bytes of text
 * to find part boundaries), and emits `violation` at the first file part whose declared Content-Type is not
 * one of `types` (or whose headers are oversized); from then on nothing more goes through. The upstream
 * still reads the real type from the bytes: this only refuses early what it would refuse anyway.
 */
export class MultipartTypeGuard extends Transform {
  private scan = '\r\n';
  private inHeaders = false;
  private finished = false;
  private refused = false;
  private readonly delimiter: string;

  constructor(
    boundary: string,
    private readonly types: readonly string[],
  ) {
    super();
    this.delimiter = `\r\n--${boundary}`;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.refused) {
      callback();
      return;
    }
    if (!this.finished) {
      // latin1 maps each byte to one char: indexes stay byte offsets, and header text is ASCII
      this.scan += chunk.toString('latin1');
      if (!this.examine()) {
        this.refused = true;
        this.emit('violation');
        callback();
        return;
      }
    }
    callback(null, chunk);
  }

  /** false when a file part declares a refused type */
  private examine(): boolean {
    const { delimiter } = this;
    for (;;) {
      if (!this.inHeaders) {
        const at = this.scan.indexOf(delimiter);
        if (at < 0) {
          this.scan = this.scan.slice(-(delimiter.length + 1));
          return true;
        }
        const after = at + delimiter.length;
        if (this.scan.length < after + 2) {
          this.scan = this.scan.slice(at);
          return true;
        }
        if (this.scan.startsWith('--', after)) {
          this.finished = true;
          this.scan = '';
          return true;
        }
        this.scan = this.scan.slice(after + 2);
        this.inHeaders = true;
      }
      const end = this.scan.indexOf('\r\n\r\n');
      if (end < 0) return this.scan.length <= HEADERS_MAX;
      if (!this.allowed(this.scan.slice(0, end))) return false;
      this.scan = this.scan.slice(end + 4);
      this.inHeaders = false;
    }
  }

  private allowed(headers: string): boolean {
    if (headers.length > HEADERS_MAX) return false;
    const lines = headers.split('\r\n');
    const disposition = lines.find((line) => /^content-disposition:/i.test(line)) ?? '';
    if (!/;\s*filename\*?=/i.test(disposition)) return true; // a plain field, not a file
    const typeLine = lines.find((line) => /^content-type:/i.test(line));
    const type = (typeLine?.slice(typeLine.indexOf(':') + 1).split(';')[0] ?? '').trim().toLowerCase();
    return this.types.includes(type);
  }
}
