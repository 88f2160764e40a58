import { Transform, type TransformCallback } from 'node:stream';
import busboy from 'busboy';

/** The boundary of a `multipart/form-data` content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * Passes a multipart body through unchanged, chunk by chunk, and emits `violation` at the first file part
 * whose declared Content-Type is not one of `types` (busboy reads an untyped file part as text/plain), or
 * when the parts cannot be read (oversized or malformed part headers); from then on nothing more goes
 * through. Each chunk is given to busboy before it is passed on, and busboy reads a part's headers as soon
 * as their last byte arrives, so no byte of a refused file goes out. The upstream still reads the real type
 * from the bytes: this only refuses early what it would refuse anyway.
 */
export class MultipartTypeGuard extends Transform {
  private readonly parser: busboy.Busboy;
  private refused = false;
  private parsing = true;

  constructor(boundary: string, types: readonly string[]) {
    super();
    this.parser = busboy({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      preservePath: true,
    });
    this.parser.on('file', (_name, file, info) => {
      // the file's bytes are not kept; a form cut short ends the file stream with an error nobody needs
      file.on('error', () => {}).resume();
      if (!types.includes(info.mimeType.toLowerCase())) this.refuse();
    });
    this.parser.on('error', () => this.refuse());
    // the parser is done at the closing delimiter: what follows (an epilogue) is passed on unread
    this.parser.on('close', () => {
      this.parsing = false;
    });
  }

  private refuse(): void {
    if (this.refused) return;
    this.refused = true;
    this.emit('violation');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.refused && this.parsing) this.parser.write(chunk);
    // a chunk that completes a refused part's headers is held back with everything after it
    if (this.refused) callback();
    else callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    // an unfinished form is the upstream's to refuse; the guard only judges declared types
    this.parser.removeAllListeners('error');
    this.parser.on('error', () => {});
    this.parser.end();
    callback();
  }
}
