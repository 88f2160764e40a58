import { personName } from '@evt/contracts/person-name';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  BADGE_PAGE_SIZES,
  type BadgeElement,
  type BadgeModelInput,
  type BadgePageSize,
  type BadgePerson,
  BADGE_PROGRESS_MARK,
} from '@evt/contracts/badges';
import type { Locale } from '@evt/contracts/locale';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { roleLabel } from './labels';

/*
 * One badge drawn with pdfkit: vector QR code, text fitted to its box (a long name shrinks down to 6 pt,
 * then is cut with an ellipsis), Noto Sans JP embedded (subset) so French, English and Japanese all print.
 */
const MM = 72 / 25.4;
const MIN_FONT = 6;
const require = createRequire(import.meta.url);
const fontFile = (weight: string) =>
  require.resolve(`@expo-google-fonts/noto-sans-jp/${weight}/NotoSansJP_${weight}.ttf`);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
/** The font files, read once per thread (5 MB each). */
function fontData() {
  fonts ??= { regular: readFileSync(fontFile('400Regular')), bold: readFileSync(fontFile('700Bold')) };
  return fonts;
}

/** What prints on one badge, already in the person's language. */
export interface BadgeFace {
  name: string;
  organisation: string;
  role: string;
  country: string;
  eventName: string;
  /** the signed token the QR code carries */
  token: string;
}

const regionNames = new Map<Locale, Intl.DisplayNames>();
function countryName(locale: Locale, code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    regionNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

export function faceOf(person: BadgePerson, eventName: string, token: string): BadgeFace {
  const locale: Locale = person.locale;
  const country = countryName(locale, person.country);
  const name = personName(person, locale);
  return {
    name,
    organisation: person.organisation,
    role: roleLabel(locale, person.role),
    country,
    eventName,
    token,
  };
}

export type BadgeDoc = InstanceType<typeof PDFDocument>;

export function createBadgeDoc(title: string): BadgeDoc {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: { Title: title, Creator: 'evt' },
  });
  const { regular, bold } = fontData();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  return doc;
}

/**
 * pdfkit keeps every word it has laid out for the document's life: with a new name on each badge that grew
 * by 1.7 MB per 1,000 badges (10,000 badges: 116 MB at the peak against 60 MB for 200). Its option
 * `fontLayoutCache: false` stops the growth but lays every word out again at each size tried while a name
 * is fitted (10,000 badges: 25 s instead of 7.5 s), so the cache is kept and emptied when it holds more
 * than LAID_OUT_WORDS words (checked at each new page).
 */
const LAID_OUT_WORDS = 200;
function forgetLaidOutWords(doc: BadgeDoc): void {
  const fonts = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })
    ._fontFamilies;
  for (const font of new Set(Object.values(fonts ?? {})))
    if (font.layoutCache && Object.keys(font.layoutCache).length > LAID_OUT_WORDS)
      font.layoutCache = Object.create(null);
}

/**
 * pdfkit keeps the dictionary of every page it wrote (with its resources) in the page tree, about 0.9 KB a
 * page, only to print each one's reference ("12 0 R") when the document ends. Once a page is written (each
 * new page flushes the ones before it), its entry keeps just that: an object of the same class holding the
 * id and generation (the class is what pdfkit tests to print a reference). Returns how many are reduced.
 */
function slimEndedPages(doc: BadgeDoc, from: number): number {
  type Ref = { id: number; gen: number };
  const kids = (doc as unknown as { _root: { data: { Pages: { data: { Kids: Ref[] } } } } })._root.data.Pages
    .data.Kids;
  const ended = kids.length - 1;
  for (let i = from; i < ended; i += 1) {
    const ref = kids[i] as Ref;
    kids[i] = Object.assign(Object.create(Object.getPrototypeOf(ref) as object) as Ref, {
      id: ref.id,
      gen: ref.gen,
    });
  }
  return Math.max(from, ended);
}

/** Places badges on pages: one per page, or four per A4 sheet. */
export class BadgeLayout {
  private slot = 0;
  private current: BadgePageSize | null = null;
  /** pages whose dictionary is already reduced to its reference (slimEndedPages) */
  private ended = 0;
  constructor(private readonly doc: BadgeDoc) {}

  /** The top-left corner (pt) of the next badge of this size, opening a page when needed. */
  next(size: BadgePageSize): { x: number; y: number } {
    const spec = BADGE_PAGE_SIZES[size];
    if (this.current !== size || this.slot >= spec.perSheet) {
      const page: [number, number] =
        spec.perSheet === 4 ? [210 * MM, 297 * MM] : [spec.width * MM, spec.height * MM];
      this.doc.addPage({ size: page, margin: 0 });
      forgetLaidOutWords(this.doc);
      this.ended = slimEndedPages(this.doc, this.ended);
      this.current = size;
      this.slot = 0;
    }
    const at = this.slot++;
    return { x: (at % 2) * spec.width * MM, y: Math.floor(at / 2) * spec.height * MM };
  }
}

/** Cuts `text` to fit `width` at the current size, with an ellipsis. */
function cut(doc: BadgeDoc, text: string, width: number): string {
  const chars = Array.from(text);
  while (chars.length > 1 && doc.widthOfString(`${chars.join('')}…`) > width) chars.pop();
  return `${chars.join('')}…`;
}

/**
 * One line in its box: the model's size, or smaller in proportion for a long text (width grows linearly
 * with the size, so one measure is enough), then cut below 6 pt. Drawn without pdfkit's line wrapper.
 */
function fitText(doc: BadgeDoc, text: string, element: BadgeElement, x: number, y: number) {
  if (!text) return;
  const width = element.width * MM;
  const height = element.height * MM;
  doc.font(element.bold ? 'bold' : 'regular');
  const start = Math.min(element.fontSize, height / 1.25);
  doc.fontSize(start);
  let line = text;
  let measured = doc.widthOfString(line);
  let size = start;
  if (measured > width) {
    size = Math.max(MIN_FONT, (start * width) / measured);
    doc.fontSize(size);
    measured = doc.widthOfString(line);
    if (measured > width) {
      line = cut(doc, line, width);
      measured = doc.widthOfString(line);
    }
  }
  const shift =
    element.align === 'left' ? 0 : element.align === 'right' ? width - measured : (width - measured) / 2;
  const top = y + element.y * MM + Math.max(0, (height - size * 1.25) / 2);
  doc.text(line, x + element.x * MM + shift, top, { lineBreak: false });
}

const num = (value: number) => value.toFixed(2);

/** The QR code as one path: each run of dark modules in a row is one rectangle. */
function drawQr(doc: BadgeDoc, token: string, element: BadgeElement, x: number, y: number) {
  // a fixed mask: choosing the best of eight costs 1.3 ms a code (13 s for 10,000 badges); any mask is a
  // valid code, and the token's hex digits hold no long runs for a mask to break up
  const { modules } = QRCode.create(token, { errorCorrectionLevel: 'M', maskPattern: 2 });
  const side = Math.min(element.width, element.height) * MM;
  const quiet = 2;
  const cell = side / (modules.size + quiet * 2);
  const left = x + element.x * MM + (element.width * MM - side) / 2;
  const top = y + element.y * MM + (element.height * MM - side) / 2;
  doc.rect(left, top, side, side).fill('#ffffff');
  const ops: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const from = col;
      while (col < modules.size && modules.get(row, col)) col++;
      const rx = left + (from + quiet) * cell;
      const ry = top + (row + quiet) * cell;
      ops.push(`${num(rx)} ${num(ry)} ${num((col - from) * cell + 0.05)} ${num(cell + 0.05)} re`);
    }
  }
  doc.addContent(ops.join('\n'));
  doc.fill('#000000');
}

/** Draws one badge at the layout's next place. */
export function drawBadge(
  doc: BadgeDoc,
  layout: BadgeLayout,
  model: BadgeModelInput,
  face: BadgeFace,
  logo: Buffer | null,
): void {
  const { x, y } = layout.next(model.pageSize);
  const spec = BADGE_PAGE_SIZES[model.pageSize];
  doc.rect(x, y, spec.width * MM, spec.height * MM).fill(model.background);
  if (model.bandHeight > 0) doc.rect(x, y, spec.width * MM, model.bandHeight * MM).fill(model.accent);
  for (const element of model.elements) {
    if (element.field === 'qr') {
      drawQr(doc, face.token, element, x, y);
      continue;
    }
    if (element.field === 'logo') {
      if (logo) {
        doc.image(logo, x + element.x * MM, y + element.y * MM, {
          fit: [element.width * MM, element.height * MM],
          align: 'center',
          valign: 'center',
        });
      }
      continue;
    }
    const inBand = element.y < model.bandHeight;
    doc.fillColor(inBand ? '#ffffff' : model.text);
    const text = element.field === 'eventName' ? face.eventName : face[element.field];
    fitText(doc, text, element, x, y);
  }
  if (spec.perSheet === 4) {
    // cutting marks between the four badges
    doc.lineWidth(0.3).strokeColor('#999999');
    doc
      .moveTo(x, y)
      .lineTo(x + 4 * MM, y)
      .stroke();
    doc
      .moveTo(x, y)
      .lineTo(x, y + 4 * MM)
      .stroke();
  }
}

/** A progress mark (a PDF comment, written through the document so its byte offsets stay right). */
export function markProgress(doc: BadgeDoc, done: number, total: number): void {
  (doc as unknown as { _write(data: string): void })._write(`${BADGE_PROGRESS_MARK}${done}/${total}`);
}
