import {
  BADGE_PAGE_SIZES,
  type BadgeElement,
  type BadgeField,
  type BadgeModelInput,
} from '@evt/contracts/badges';
import QRCode from 'qrcode';
import { useMemo } from 'react';

const PT = 25.4 / 72;
/** A sample token of the real length: the preview's QR code has the printed one's density. */
const SAMPLE_TOKEN = `EVB1${'0123456789ABCDEF'.repeat(3)}`;

/** Roughly how wide a text is in mm: wide characters (Japanese) count as one em, others as half. */
function estimateWidth(text: string, sizeMm: number): number {
  let ems = 0;
  for (const char of text) ems += (char.codePointAt(0) ?? 0) > 0x2e80 ? 1 : 0.55;
  return ems * sizeMm;
}

function QrPath({ element }: { element: BadgeElement }) {
  const path = useMemo(() => {
    const { modules } = QRCode.create(SAMPLE_TOKEN, { errorCorrectionLevel: 'M', maskPattern: 2 });
    const side = Math.min(element.width, element.height);
    const cell = side / (modules.size + 4);
    const left = element.x + (element.width - side) / 2 + 2 * cell;
    const top = element.y + (element.height - side) / 2 + 2 * cell;
    let d = '';
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++)
        if (modules.get(row, col))
          d += `M${(left + col * cell).toFixed(2)} ${(top + row * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`;
    return { d, side, x: left - 2 * cell, y: top - 2 * cell };
  }, [element]);
  return (
    <g>
      <rect x={path.x} y={path.y} width={path.side} height={path.side} fill="#ffffff" />
      <path d={path.d} fill="#000000" />
    </g>
  );
}

/**
 * The badge as it will print, drawn in SVG in millimetres from the same model the server draws with
 * pdfkit: same boxes, same colours, texts shrunk to their width the same way (estimated here).
 */
export function BadgePreview({
  model,
  texts,
  logo,
  label,
}: {
  model: BadgeModelInput;
  texts: Record<Exclude<BadgeField, 'qr' | 'logo'>, string>;
  logo: string | null;
  label: string;
}) {
  const { width, height } = BADGE_PAGE_SIZES[model.pageSize];
  return (
    <svg className="badge-preview" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <rect width={width} height={height} fill={model.background} stroke="#9ca3af" strokeWidth={0.3} />
      {model.bandHeight > 0 ? <rect width={width} height={model.bandHeight} fill={model.accent} /> : null}
      {model.elements.map((element) => {
        if (element.field === 'qr') return <QrPath key="qr" element={element} />;
        if (element.field === 'logo')
          return logo ? (
            <image
              key="logo"
              href={logo}
              x={element.x}
              y={element.y}
              width={element.width}
              height={element.height}
              preserveAspectRatio="xMidYMid meet"
            />
          ) : (
            <rect
              key="logo"
              x={element.x}
              y={element.y}
              width={element.width}
              height={element.height}
              fill="none"
              stroke="#9ca3af"
              strokeDasharray="1 1"
              strokeWidth={0.3}
            />
          );
        const text = texts[element.field];
        let size = Math.min(element.fontSize * PT, element.height / 1.25);
        const measured = estimateWidth(text, size);
        if (measured > element.width) size = Math.max(6 * PT, (size * element.width) / measured);
        const anchor = element.align === 'left' ? 'start' : element.align === 'right' ? 'end' : 'middle';
        const x =
          element.align === 'left'
            ? element.x
            : element.align === 'right'
              ? element.x + element.width
              : element.x + element.width / 2;
        return (
          <text
            key={element.field}
            x={x}
            y={element.y + element.height / 2}
            dominantBaseline="central"
            textAnchor={anchor}
            fontSize={size}
            fontWeight={element.bold ? 700 : 400}
            fontFamily="'Noto Sans JP', 'Noto Sans CJK JP', sans-serif"
            fill={element.y < model.bandHeight ? '#ffffff' : model.text}
          >
            {text}
          </text>
        );
      })}
    </svg>
  );
}
