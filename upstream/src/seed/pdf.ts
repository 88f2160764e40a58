/**
 * A one-page A4 PDF of a title and lines of text (Helvetica, Latin-1 text: French accents print; no Japanese, no typographic quotes),
 * enough for seeded documents, no dependency. Each object's byte offset goes in the cross-reference table.
 */
export function encodePdf(title: string, lines: readonly string[]): Buffer {
  const text = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  const content = [
    'BT /F1 18 Tf 56 780 Td',
    `${text(title)} Tj`,
    '/F1 11 Tf 0 -32 Td 16 TL',
    ...lines.map((line) => `${text(line)} '`),
    'ET',
  ].join('\n');
  const stream = Buffer.from(content, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let size = parts[0]?.length ?? 0;
  const add = (chunk: Buffer) => {
    parts.push(chunk);
    size += chunk.length;
  };
  objects.forEach((body, i) => {
    offsets.push(size);
    add(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
  });
  offsets.push(size);
  add(Buffer.from(`5 0 obj\n<< /Length ${stream.length} >>\nstream\n`, 'latin1'));
  add(stream);
  add(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const xref = size;
  const count = offsets.length + 1;
  add(
    Buffer.from(
      `xref\n0 ${count}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
        `trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}
