import { describe, expect, it } from 'vitest';
import { registrationRoutes as r } from './registrations';
import { exportFilters, exportStartBody } from './registration-exports';
import {
  isHoneypotFilled,
  maskEmail,
  registrationEnvelope,
  registrationListQuery,
  decodeListCursor,
  encodeListCursor,
  resendBody,
} from './registrations';

describe('public registration contracts', () => {
  it('are public BFF routes, the organiser list a session proxy', () => {
    for (const route of [r.forms, r.register, r.upload, r.confirm, r.resend]) {
      expect(route.auth).toBe('public');
      expect(route.kind).toBe('bff');
      expect(route.path.startsWith('/public/')).toBe(true);
    }
    expect(r.list).toMatchObject({ kind: 'proxy', auth: 'session', path: '/events/:id/registrations' });
    for (const route of [r.get, r.file, r.confirmByHand, r.remove])
      expect(route).toMatchObject({ kind: 'proxy', auth: 'session' });
    expect(r.upload.upload.maxBytes).toBeGreaterThan(0);
  });

  it('treats a filled honeypot as a bot without telling it', () => {
    const body = registrationEnvelope.parse({ locale: 'fr', website: 'http://spam', data: {} });
    expect(isHoneypotFilled(body)).toBe(true);
    expect(isHoneypotFilled(registrationEnvelope.parse({ locale: 'fr', data: {} }))).toBe(false);
  });

  it('parses the list query with defaults and several kinds', () => {
    expect(registrationListQuery.parse({})).toEqual({
      kind: [],
      q: '',
      sort: '-createdAt',
      page: 1,
      limit: 20,
    });
    expect(registrationListQuery.parse({ kind: 'exhibitor,exhibitor_legacy', page: '2' })).toMatchObject({
      kind: ['exhibitor', 'exhibitor_legacy'],
      page: 2,
    });
    expect(registrationListQuery.safeParse({ kind: 'nope' }).success).toBe(false);
    expect(registrationListQuery.safeParse({ limit: '1000' }).success).toBe(false);
  });

  it("reads the export's filters like the list's query, and reads its own output back (the upstream parses it again)", () => {
    const once = exportStartBody.parse({
      kind: ['exhibitor'],
      q: ' Awa ',
      format: 'xlsx',
      locale: 'fr',
      timeZone: 'Europe/Paris',
    });
    expect(once).toEqual({
      kind: ['exhibitor'],
      q: 'Awa',
      sort: '-createdAt',
      format: 'xlsx',
      locale: 'fr',
      timeZone: 'Europe/Paris',
    });
    expect(exportStartBody.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
    const { format: _f, locale: _l, timeZone: _t, ...filters } = once;
    expect(exportFilters.parse(JSON.parse(JSON.stringify(filters)))).toEqual(filters);
    expect(exportStartBody.safeParse({ ...once, kind: ['nope'] }).success).toBe(false);
    expect(exportStartBody.safeParse({ ...once, timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(exportStartBody.safeParse({ ...once, format: 'pdf' }).success).toBe(false);
  });

  it('reads back the cursors it writes, and refuses any other text', () => {
    const cursor = { key: 'élodie 名前 "x"', id: 42 };
    const text = encodeListCursor(cursor);
    expect(text).toMatch(/^[\w-]+$/);
    expect(decodeListCursor(text)).toEqual(cursor);
    expect(registrationListQuery.parse({ after: text }).after).toBe(text);
    for (const bad of ['', 'abc', '!!', encodeListCursor({ key: 'a', id: 0 })])
      expect(registrationListQuery.safeParse({ after: bad }).success).toBe(false);
  });

  it('normalises the resend e-mail', () => {
    expect(resendBody.parse({ email: ' A@B.CO ', eventSlug: 'salon-2026', kind: 'b2b' }).email).toBe(
      'a@b.co',
    );
    expect(resendBody.safeParse({ email: 'x', eventSlug: 'salon-2026', kind: 'b2b' }).success).toBe(false);
  });

  it('masks the address it confirms to', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('broken')).toBe('***');
  });
});
