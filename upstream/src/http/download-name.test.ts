import { describe, expect, it } from 'vitest';
import { contentDisposition, fileNameFor } from './download-name';

describe('the name a stored file downloads under', () => {
  it('keeps the base name and takes the extension of the sniffed type', () => {
    expect(fileNameFor('evil.html', 'application/pdf')).toBe('evil.pdf');
    expect(fileNameFor('photo.PNG.svg', 'image/png')).toBe('photo.PNG.png');
    expect(fileNameFor('scan', 'image/jpeg')).toBe('scan.jpg');
    expect(fileNameFor('evil.pdf', 'application/pdf')).toBe('evil.pdf');
    expect(fileNameFor('x.exe', 'application/x-unknown')).toBe('x.bin');
  });

  it('drops what would hide, move or rename the file', () => {
    expect(fileNameFor('invoice\u202efdp.exe', 'application/pdf')).toBe('invoice_fdp.pdf');
    expect(fileNameFor('../../etc/passwd', 'application/pdf')).toBe('_.._etc_passwd.pdf');
    expect(fileNameFor('.htaccess', 'application/pdf')).toBe('htaccess.pdf');
    expect(fileNameFor('...', 'application/pdf')).toBe('file.pdf');
    expect(fileNameFor('a\r\nb:c?.docx. ', 'application/pdf')).toBe('a__b_c_.pdf');
    expect(fileNameFor('', 'image/webp')).toBe('file.webp');
  });

  it('writes RFC 6266 attachment headers with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Été "2027".html', 'application/pdf')).toBe(
      `attachment; filename="_t_ _2027_.pdf"; filename*=UTF-8''%C3%89t%C3%A9%20_2027_.pdf`,
    );
    expect(contentDisposition('inline', "l'logo (1)", 'image/png')).toBe(
      `inline; filename="l'logo (1).png"; filename*=UTF-8''l%27logo%20%281%29.png`,
    );
  });
});
