import { vi } from 'vitest';

/**
 * What the one download helper (lib/spreadsheet.ts `download`) saved: the names of the files it clicked,
 * in order. jsdom neither holds blobs as addresses nor follows a link, so both are stubbed (setup.ts
 * restores them after each test).
 */
export function savedDownloads(): string[] {
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:saved');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}
