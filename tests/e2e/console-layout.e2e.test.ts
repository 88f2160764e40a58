import { LOCALE_PREFIX, LOCALES } from '@evt/contracts/locale';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleIds, consolePages } from './support/console-pages';
import { signIn } from './support/flows';
import { setEventForms } from './support/forms';
import { followInApp, waitForPageContent } from './support/navigation';
import { localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const WIDTHS = [390, 1366] as const;

/** What overflows: the document wider than the viewport, and text wider than its own box. */
function overflows(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) {
      // name the outermost element that sticks out, so a failure says where to look
      const out = Array.from(document.body.querySelectorAll<HTMLElement>('*')).find(
        (el) =>
          el.getBoundingClientRect().right > doc.clientWidth + 1 && el.getBoundingClientRect().width > 0,
      );
      const where = out ? ` (${out.tagName.toLowerCase()}.${out.className})` : '';
      found.push(`document ${doc.scrollWidth}px > ${doc.clientWidth}px${where}`);
    }
    const scrolls = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>(
        'h1, h2, h3, p, dt, dd, label, legend, th, td, a, button, li, .badge, .card__title',
      ),
    )) {
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.display === 'none' || el.closest('[hidden], .sr-only'))
        continue;
      if (!el.textContent?.trim() || el.clientWidth === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1 && !scrolls(el))
        found.push(
          `${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth}px > ${el.clientWidth}px`,
        );
    }
    return found;
  });
}

describe('console layout', () => {
  it('fits every console page at 390 px and 1366 px in the three languages', async () => {
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    const pages = consolePages(await consoleIds(page));
    expect(pages.length).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const locale of LOCALES) {
      for (const [i, path] of pages.entries()) {
        await page.setViewportSize({ width: WIDTHS[1], height: 900 });
        // each page loaded from its address once (French), then reached through the app as a link does
        if (locale === 'fr' || i === 0) {
          await page.goto(`${LOCALE_PREFIX[locale]}${path}`);
          await waitForPageContent(page);
        } else await followInApp(page, `${LOCALE_PREFIX[locale]}${path}`);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          for (const problem of await overflows(page))
            problems.push(`${locale} ${width}px ${path}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 600_000);

  it('sets each consent checkbox of the receptionist form beside its label, at 390 px and 1366 px', async () => {
    const slug = 'sii-2027';
    await setEventForms(suite.baseUrl, slug, [{ kind: 'receptionist', open: true }]);
    const { context, page } = await suite.open('fr-FR');
    // the consents are on the form's last step: the kept draft (draft-storage.ts) opens it there
    await context.addInitScript((key) => {
      sessionStorage.setItem(key, JSON.stringify({ step: 2, values: {}, fileNames: {} }));
    }, `evt:registration:${slug}:receptionist`);
    const misplaced: string[] = [];
    for (const locale of LOCALES) {
      await page.goto(localised(locale, `/events-${slug}/receptionist`));
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const name of ['consentAccuracy', 'consentDataProcessing']) {
          const box = page.locator(`input[name="${name}"]`);
          await box.waitFor();
          const label = page.locator(`label[for="${await box.getAttribute('id')}"]`);
          expect(await label.textContent()).toBe(t(locale, `forms.fields.${name}.label`));
          const [b, l] = [await box.boundingBox(), await label.boundingBox()];
          if (!b || !l) throw new Error(`${name} is not shown`);
          // on one line: the label's first line overlaps the box vertically, the label to its right
          const sameLine = l.y < b.y + b.height && b.y < l.y + Math.min(l.height, b.height * 2);
          if (!sameLine || l.x < b.x + b.width)
            misplaced.push(
              `${locale} ${width}px ${name}: box ${JSON.stringify(b)} label ${JSON.stringify(l)}`,
            );
        }
      }
    }
    expect(misplaced).toEqual([]);
    await context.close();
  });
});
