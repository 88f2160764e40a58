import { mainRegionOf } from '@evt/contracts/forms/countries';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import { publicEventForms } from '@evt/contracts/public-registrations';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { demoOrganiser } from './flows';

/** An event's public forms, and the organiser's way to open or close them, for the visitor's tests. */

export const publicFormsOf = async (baseUrl: string, slug: string) =>
  publicEventForms.parse(await (await fetch(`${baseUrl}/api/public/events/${slug}/forms`)).json());

/** Signs the demo organiser in (through the BFF) and returns the session cookie. */
export async function organiserCookie(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify(demoOrganiser),
  });
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Opens or closes an event's forms as its organiser, then waits until the BFF offers them so. */
export async function setEventForms(
  baseUrl: string,
  slug: string,
  wanted: { kind: RegistrationKind; open: boolean }[],
) {
  const cookie = await organiserCookie(baseUrl);
  const { event } = await publicFormsOf(baseUrl, slug);
  for (const { kind, open } of wanted) {
    const res = await fetch(`${baseUrl}/api/automation/eventForms?eventId=${event.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie },
      body: JSON.stringify({ kind, title: kind, open }),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  }
  // the BFF forgets the event's forms it kept when they change through it: seen at once, else within 5 s
  const deadline = Date.now() + 15_000;
  for (;;) {
    const now = await publicFormsOf(baseUrl, slug);
    const offered = (kind: string) => now.forms.find((f) => f.kind === kind)?.open ?? false;
    if (wanted.every(({ kind, open }) => offered(kind) === open)) break;
    if (Date.now() > deadline)
      throw new Error(`the BFF never offered ${slug}'s forms as set: ${JSON.stringify(now.forms)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The option a form's select offers for an entry: the dial-code select lists countries ("France (+33)",
 * keyed by region), so a dial code is chosen through its main country; other values are the options'.
 */
export const optionFor = (name: string, value: string): string =>
  name === 'dialCode' ? (mainRegionOf(value) ?? value) : value;

/**
 * Fills one field of a public form as a visitor does, whatever its widget: checkboxes for a list, the radio
 * of the value, a single box ticked for `true`, the select's option (reached for first: dial-code options are built when the visitor
 * reaches for the select), or typing.
 */
export async function fillFormField(page: Page, name: string, value: string | string[] | boolean) {
  const field = page.locator(`[name="${name}"]`).first();
  // a single box (the privacy consent, the B2B directory's opt-in): ticked or not
  if (typeof value === 'boolean') return field.setChecked(value);
  const tag = await field.evaluate((el) => el.tagName.toLowerCase());
  const type = await field.getAttribute('type');
  if (Array.isArray(value))
    for (const item of value) await page.locator(`[name="${name}"][value="${item}"]`).check();
  else if (type === 'radio') await page.locator(`[name="${name}"][value="${value}"]`).check();
  else if (tag === 'select') {
    await field.focus();
    await field.selectOption(optionFor(name, value));
  } else await field.fill(value);
}
