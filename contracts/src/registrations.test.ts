import { describe, expect, it } from 'vitest';
import { registrationRoutes as r } from './registrations';
import { registrationExportBody } from './rights';
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

  it("reads the export's body like the list's query, and reads its own output back (the upstream parses it again)", () => {
    const once = registrationExportBody.parse({ kind: ['exhibitor'], q: ' Awa ', page: 2, limit: 100 });
    expect(once).toEqual({ kind: ['exhibitor'], q: 'Awa', sort: '-createdAt', page: 2, limit: 100 });
    expect(registrationExportBody.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
    expect(registrationExportBody.parse({})).toEqual(registrationListQuery.parse({}));
    expect(registrationExportBody.safeParse({ kind: ['nope'] }).success).toBe(false);
    expect(registrationExportBody.safeParse({ limit: 1000 }).success).toBe(true);
    expect(registrationExportBody.safeParse({ limit: 1001 }).success).toBe(false);
    const cursor = encodeListCursor({ key: '2026-01-01 10:00:00+00', id: 7 });
    expect(registrationExportBody.parse({ after: cursor }).after).toBe(cursor);
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
