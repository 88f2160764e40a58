/** The extension each stored type is downloaded with: every type an upload route accepts. */
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  // the registration exports the server writes
  'text/csv': 'csv',
};

/**
 * The name a stored file goes by: the uploader's base name, sanitised, with the extension of the type
 * sniffed from its bytes, so a PDF uploaded as `evil.html` is `evil.pdf` and nothing (browser, desktop,
 * mail client) opens it as what its name claimed. Control and format characters go (a right-to-left
 * override would show `evil‮fdp.exe` as `evil.exe.pdf`), as do path separators, characters Windows
 * refuses, leading dots (hidden files) and trailing dots and spaces (which Windows drops, extension and all).
 */
export function fileNameFor(original: string, mime: string): string {
  const base = original
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]/gu, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .replace(/\.[\p{L}\p{N}]{1,16}$/u, '')
    .slice(0, 120)
    .replace(/[\s.]+$/, '');
  return `${base || 'file'}.${EXTENSIONS[mime] ?? 'bin'}`;
}

/**
 * RFC 6266 Content-Disposition: an ASCII fallback for old clients and the UTF-8 name in `filename*`
 * (RFC 8187: `'()*` are escaped too, which encodeURIComponent leaves). The name is built for the
 * sniffed type at each answer, so files stored under their uploader's name before are named right too.
 */
export function contentDisposition(type: 'attachment' | 'inline', original: string, mime: string): string {
  const name = fileNameFor(original, mime);
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
