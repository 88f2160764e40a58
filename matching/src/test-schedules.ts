/** Test helpers for the scheduler: small programmes written by hand, and a checker of every hard
 * constraint and every reason given, re-derived from the result itself. */
import { expect } from 'vitest';
import type { ScheduleInput, ScheduleRequest, ScheduleResult } from './api';

/** Checks every hard constraint and every reason given against the result itself. */
export function verify(input: ScheduleInput, result: ScheduleResult): void {
  const requests = new Map(input.requests.map((r) => [r.id, r]));
  const companies = new Map(input.companies.map((c) => [c.id, c]));
  const tables = new Set(input.tables.map((t) => t.id));
  const available = (id: number, slot: string) => companies.get(id)?.availableSlotIds.includes(slot) ?? false;
  const busy = new Map<string, string>();
  const tableAt = new Map<string, string>();
  const inPerson = new Map<string, number>();
  const count = new Map<number, number>();
  const seen = new Set<string>();
  for (const m of result.placed) {
    const r = requests.get(m.requestId)!;
    expect(r, m.requestId).toBeDefined();
    expect(seen.has(m.requestId), `${m.requestId} placed twice`).toBe(false);
    seen.add(m.requestId);
    expect(available(r.from, m.slotId) && available(r.to, m.slotId), `${m.requestId} availability`).toBe(
      true,
    );
    for (const c of [r.from, r.to]) {
      const key = `${c}@${m.slotId}`;
      expect(busy.get(key), `company ${c} double-booked in ${m.slotId}`).toBeUndefined();
      busy.set(key, m.requestId);
      count.set(c, (count.get(c) ?? 0) + 1);
    }
    if (!r.online) expect(m.tableId, `${m.requestId} in person without a table`).not.toBeNull();
    if (m.tableId !== null) {
      expect(tables.has(m.tableId)).toBe(true);
      const key = `${m.tableId}@${m.slotId}`;
      expect(tableAt.get(key), `table ${key} used twice`).toBeUndefined();
      tableAt.set(key, m.requestId);
      inPerson.set(m.slotId, (inPerson.get(m.slotId) ?? 0) + 1);
    }
  }
  for (const [slot, n] of inPerson)
    expect(n, `tables over capacity in ${slot}`).toBeLessThanOrEqual(tables.size);
  for (const [c, n] of count)
    expect(n, `company ${c} over quota`).toBeLessThanOrEqual(companies.get(c)!.quota);
  for (const l of input.locked) {
    expect(result.placed, `locked ${l.requestId} moved`).toContainEqual(l);
  }
  const full = (c: number) => (count.get(c) ?? 0) >= (companies.get(c)?.quota ?? 0);
  for (const { requestId, reason } of result.unplaced) {
    expect(seen.has(requestId)).toBe(false);
    seen.add(requestId);
    const r = requests.get(requestId)!;
    const common = input.slots.map((s) => s.id).filter((s) => available(r.from, s) && available(r.to, s));
    const bothFree = common.filter((s) => !busy.has(`${r.from}@${s}`) && !busy.has(`${r.to}@${s}`));
    const why = `${requestId}: ${reason}`;
    if (reason === 'no_common_slot') expect(common, why).toEqual([]);
    if (reason === 'quota_reached') expect(full(r.from) || full(r.to), why).toBe(true);
    if (reason === 'partner_full') {
      expect(common.length, why).toBeGreaterThan(0);
      expect(bothFree, why).toEqual([]);
    }
    if (reason === 'tables_full') {
      expect(r.online, why).toBe(false);
      expect(bothFree.length, why).toBeGreaterThan(0);
      for (const s of bothFree) expect(inPerson.get(s) ?? 0, why).toBe(tables.size);
    }
  }
  expect(seen.size).toBe(input.requests.length);
  expect(result.stats.placed).toBe(result.placed.length);
  expect(result.stats.requests).toBe(input.requests.length);
}

export const slots = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `s${i + 1}`,
    start: `2026-03-01T0${i}:00:00Z`,
    end: `2026-03-01T0${i}:30:00Z`,
  }));
export const request = (
  id: string,
  from: number,
  to: number,
  patch: Partial<ScheduleRequest> = {},
): ScheduleRequest => ({
  id,
  from,
  to,
  online: false,
  score: 50,
  ...patch,
});
export const programme = (patch: Partial<ScheduleInput>): ScheduleInput => ({
  slots: slots(2),
  tables: [{ id: 't1', name: 'Table 1' }],
  companies: [1, 2, 3, 4].map((id) => ({ id, quota: 5, availableSlotIds: ['s1', 's2'] })),
  requests: [],
  locked: [],
  options: { workBudget: 200_000 },
  ...patch,
});
