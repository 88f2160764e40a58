import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScheduleResult } from './api';
import { generateProgramme } from './generate';
import { checkMove, greedySchedule, lockedConflicts, placementUpperBound, schedule } from './index';
import { programme, request, slots, verify } from './test-schedules';

const reasons = (result: ScheduleResult) =>
  Object.fromEntries(result.unplaced.map((u) => [u.requestId, u.reason]));

describe('schedule: reasons', () => {
  it('no common slot', () => {
    const input = programme({
      companies: [
        { id: 1, quota: 5, availableSlotIds: ['s1'] },
        { id: 2, quota: 5, availableSlotIds: ['s2'] },
      ],
      requests: [request('r1', 1, 2)],
    });
    const result = schedule(input);
    expect(reasons(result)).toEqual({ r1: 'no_common_slot' });
    verify(input, result);
  });

  it('quota reached', () => {
    const input = programme({
      companies: [
        { id: 1, quota: 1, availableSlotIds: ['s1', 's2'] },
        { id: 2, quota: 5, availableSlotIds: ['s1', 's2'] },
        { id: 3, quota: 5, availableSlotIds: ['s1', 's2'] },
      ],
      tables: [
        { id: 't1', name: '1' },
        { id: 't2', name: '2' },
      ],
      requests: [request('r1', 1, 2, { score: 80 }), request('r2', 1, 3)],
    });
    const result = schedule(input);
    expect(reasons(result)).toEqual({ r2: 'quota_reached' });
    verify(input, result);
  });

  it('partner full', () => {
    const input = programme({
      companies: [1, 2, 3].map((id) => ({ id, quota: 5, availableSlotIds: ['s1'] })),
      tables: [
        { id: 't1', name: '1' },
        { id: 't2', name: '2' },
      ],
      requests: [request('r1', 1, 2, { score: 80 }), request('r2', 3, 1)],
    });
    const result = schedule(input);
    expect(reasons(result)).toEqual({ r2: 'partner_full' });
    verify(input, result);
  });

  it('tables full, and online meetings need no table', () => {
    const input = programme({
      slots: slots(1),
      companies: [1, 2, 3, 4].map((id) => ({ id, quota: 5, availableSlotIds: ['s1'] })),
      requests: [request('r1', 1, 2, { score: 80 }), request('r2', 3, 4)],
    });
    const result = schedule(input);
    expect(reasons(result)).toEqual({ r2: 'tables_full' });
    verify(input, result);
    const online = { ...input, requests: [input.requests[0]!, request('r2', 3, 4, { online: true })] };
    const both = schedule(online);
    expect(both.unplaced).toEqual([]);
    expect(both.placed).toContainEqual({ requestId: 'r2', slotId: 's1', tableId: null });
    verify(online, both);
  });
});

describe('schedule: objectives', () => {
  it('places what plain greedy leaves out (the scarce request first)', () => {
    const input = programme({
      companies: [
        { id: 1, quota: 5, availableSlotIds: ['s1', 's2'] },
        { id: 2, quota: 5, availableSlotIds: ['s1', 's2'] },
        { id: 3, quota: 5, availableSlotIds: ['s1'] },
      ],
      tables: [
        { id: 't1', name: '1' },
        { id: 't2', name: '2' },
      ],
      requests: [request('r1', 1, 2), request('r2', 1, 3)],
    });
    expect(greedySchedule(input).stats.placed).toBe(1);
    const result = schedule(input);
    expect(result.stats.placed).toBe(2);
    verify(input, result);
  });

  it('leaves a locked meeting where it is and gives the free slot to the company without a meeting', () => {
    // r2 is locked in s2; r1 and r3 both need company 1 in s1: r3 goes in, company 3 having nothing else
    const input = programme({
      slots: slots(2),
      companies: [
        { id: 1, quota: 5, availableSlotIds: ['s1', 's2'] },
        { id: 2, quota: 5, availableSlotIds: ['s1', 's2'] },
        { id: 3, quota: 5, availableSlotIds: ['s1'] },
        { id: 4, quota: 5, availableSlotIds: ['s1', 's2'] },
      ],
      tables: [
        { id: 't1', name: '1' },
        { id: 't2', name: '2' },
      ],
      requests: [request('r1', 1, 2), request('r2', 2, 4), request('r3', 3, 1)],
      locked: [{ requestId: 'r2', slotId: 's2', tableId: 't1' }],
    });
    const result = schedule(input);
    expect(result.stats.placed).toBe(2);
    expect(reasons(result)).toEqual({ r1: 'partner_full' });
    verify(input, result);
  });

  it("gives a full company's meeting to another request when that frees a partner for one more (ejection)", () => {
    const input = programme({
      companies: [
        { id: 1, quota: 1, availableSlotIds: ['s1', 's2'] },
        { id: 2, quota: 1, availableSlotIds: ['s1', 's2'] },
        { id: 3, quota: 5, availableSlotIds: ['s1', 's2'] },
        { id: 4, quota: 5, availableSlotIds: ['s1', 's2'] },
      ],
      tables: [
        { id: 't1', name: '1' },
        { id: 't2', name: '2' },
      ],
      requests: [request('r1', 1, 2, { score: 90 }), request('r2', 1, 3), request('r3', 2, 4)],
    });
    expect(greedySchedule(input).stats.placed).toBe(1);
    const result = schedule(input);
    expect(result.placed.map((m) => m.requestId).sort()).toEqual(['r2', 'r3']);
    expect(reasons(result)).toEqual({ r1: 'quota_reached' });
    verify(input, result);
  });

  it('places one more along an ejection chain of four links (an augmenting path of the b-matching)', () => {
    // companies 1–10, one meeting each, one slot: the greedy pass holds 2-3, 4-5, 6-7, 8-9 and leaves
    // 1-2, 3-4, 5-6, 7-8, 9-10 out; the optimum shifts every meeting along the path: five, not four
    const ids = Array.from({ length: 10 }, (_, i) => i + 1);
    const input = programme({
      slots: slots(1),
      companies: ids.map((id) => ({ id, quota: 1, availableSlotIds: ['s1'] })),
      requests: [
        ...[2, 4, 6, 8].map((i) => request(`held${i}`, i, i + 1, { online: true })),
        ...[1, 3, 5, 7, 9].map((i) => request(`out${i}`, i, i + 1, { online: true })),
      ],
    });
    expect(greedySchedule(input).stats.placed).toBe(4);
    const result = schedule(input);
    expect(result.placed.map((m) => m.requestId).sort()).toEqual(['out1', 'out3', 'out5', 'out7', 'out9']);
    verify(input, result);
  });

  it('prefers the fairer schedule when as many requests are placed', () => {
    const input = programme({
      companies: [
        { id: 1, quota: 2, availableSlotIds: ['s1', 's2'] },
        { id: 2, quota: 1, availableSlotIds: ['s1', 's2'] },
        { id: 3, quota: 1, availableSlotIds: ['s1', 's2'] },
        { id: 4, quota: 5, availableSlotIds: ['s1', 's2'] },
      ],
      tables: [
        { id: 't1', name: '1' },
        { id: 't2', name: '2' },
      ],
      requests: [request('r1', 1, 2, { score: 90 }), request('r2', 1, 3), request('r3', 2, 4, { score: 40 })],
    });
    const result = schedule(input);
    expect(result.placed.map((m) => m.requestId).sort()).toEqual(['r2', 'r3']);
    expect(result.stats.minMeetings).toBe(1);
    expect(reasons(result)).toEqual({ r1: 'quota_reached' });
    verify(input, result);
  });

  it('counts a locked in-person meeting against the tables even when its table is gone or unnamed', () => {
    // two tables; in s1, one locked meeting names a removed table and one none (a hand move): s1 is full
    const input = programme({
      slots: slots(1),
      tables: [
        { id: 't1', name: '1' },
        { id: 't2', name: '2' },
      ],
      companies: [1, 2, 3, 4, 5, 6].map((id) => ({ id, quota: 5, availableSlotIds: ['s1'] })),
      requests: [request('r1', 1, 2), request('r2', 3, 4), request('r3', 5, 6)],
      locked: [
        { requestId: 'r1', slotId: 's1', tableId: 't9' },
        { requestId: 'r2', slotId: 's1', tableId: null },
      ],
    });
    const result = schedule(input);
    expect(reasons(result)).toEqual({ r3: 'tables_full' });
    expect(result.placed.map((m) => m.tableId).sort()).toEqual(['t1', 't2']);
  });

  it('names the locked meetings the settings no longer allow, each with the rule it breaks', () => {
    // after publication: one table removed, a slot gone, company 6's availability narrowed, quota 1
    const input = programme({
      slots: slots(2),
      tables: [{ id: 't1', name: '1' }],
      companies: [
        ...[1, 2, 3, 4, 5].map((id) => ({ id, quota: 1, availableSlotIds: ['s1', 's2'] })),
        { id: 6, quota: 1, availableSlotIds: ['s2'] },
      ],
      requests: [
        request('r1', 1, 2),
        request('r2', 3, 4),
        request('r3', 5, 6),
        request('r4', 1, 3),
        request('r5', 2, 5, { online: true }),
      ],
      locked: [
        { requestId: 'r1', slotId: 's1', tableId: 't1' },
        { requestId: 'r2', slotId: 's1', tableId: 't2' },
        { requestId: 'r3', slotId: 's1', tableId: null },
        { requestId: 'r4', slotId: 's2', tableId: 't1' },
        { requestId: 'r5', slotId: 's9', tableId: null },
      ],
    });
    expect(lockedConflicts(input)).toEqual([
      { requestId: 'r2', reason: 'tables_full' },
      { requestId: 'r3', reason: 'no_common_slot' },
      { requestId: 'r4', reason: 'quota_reached' },
      { requestId: 'r5', reason: 'no_common_slot' },
    ]);
  });

  it('keeps locked meetings where they are', () => {
    const input = programme({
      requests: [request('r1', 1, 2), request('r2', 3, 4)],
      locked: [{ requestId: 'r2', slotId: 's2', tableId: 't1' }],
    });
    const result = schedule(input);
    expect(result.placed).toContainEqual({ requestId: 'r2', slotId: 's2', tableId: 't1' });
    expect(result.placed).toContainEqual({ requestId: 'r1', slotId: 's1', tableId: 't1' });
    verify(input, result);
  });
});

describe('schedule: properties over random programmes', () => {
  const arbProgramme = fc
    .record({
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      companies: fc.integer({ min: 2, max: 12 }),
      requests: fc.integer({ min: 0, max: 40 }),
      slots: fc.integer({ min: 1, max: 6 }),
      tables: fc.integer({ min: 0, max: 4 }),
      onlineShare: fc.double({ min: 0, max: 1, noNaN: true }),
      low: fc.double({ min: 0, max: 1, noNaN: true }),
      quotaHigh: fc.integer({ min: 0, max: 6 }),
      lockedShare: fc.double({ min: 0, max: 0.6, noNaN: true }),
    })
    .map((o) =>
      generateProgramme({
        ...o,
        availability: [o.low * 0.8, 1],
        quota: [Math.min(1, o.quotaHigh), o.quotaHigh],
      }),
    );

  it('no double booking, tables within capacity, availability and quotas respected, locked unmoved, true reasons, at least plain greedy', () => {
    fc.assert(
      fc.property(arbProgramme, fc.integer({ min: 1, max: 99 }), ({ input }, seed) => {
        const withOptions = { ...input, options: { workBudget: 200_000, seed } };
        const result = schedule(withOptions);
        verify(withOptions, result);
        const greedy = greedySchedule(input);
        verify(input, greedy);
        expect(result.stats.placed).toBeGreaterThanOrEqual(greedy.stats.placed);
        expect(result.stats.placed).toBeLessThanOrEqual(placementUpperBound(input));
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('checkMove accepts a placed meeting where it is and refuses what breaks a constraint', () => {
    fc.assert(
      fc.property(arbProgramme, fc.nat(), fc.nat(), ({ input }, pick, slotPick) => {
        const result = schedule({ ...input, options: { workBudget: 200_000 } });
        for (const m of result.placed) expect(checkMove(input, result.placed, m)).toBe('ok');
        if (input.requests.length === 0 || input.slots.length === 0) return;
        const r = input.requests[pick % input.requests.length]!;
        const slot = input.slots[slotPick % input.slots.length]!;
        const table = input.tables[0]?.id ?? null;
        const move = { requestId: r.id, slotId: slot.id, tableId: r.online ? null : table };
        const verdict = checkMove(input, result.placed, move);
        // applying an accepted move keeps every hard constraint
        if (verdict === 'ok') {
          const placed = [...result.placed.filter((m) => m.requestId !== r.id), move];
          const free = input.tables.find(
            (t) => !placed.some((m) => m.slotId === slot.id && m.tableId === t.id),
          );
          if (!r.online && move.tableId === null && free) move.tableId = free.id;
          const ids = new Set(placed.map((m) => m.requestId));
          const requests = input.requests.filter((q) => ids.has(q.id));
          const stats = { ...result.stats, placed: placed.length, requests: placed.length };
          verify({ ...input, requests, locked: [] }, { placed, unplaced: [], stats });
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe('checkMove', () => {
  const input = programme({
    companies: [
      { id: 1, quota: 1, availableSlotIds: ['s1', 's2'] },
      { id: 2, quota: 5, availableSlotIds: ['s1', 's2'] },
      { id: 3, quota: 5, availableSlotIds: ['s1'] },
      { id: 4, quota: 5, availableSlotIds: ['s1', 's2'] },
    ],
    requests: [request('r1', 1, 2), request('r2', 3, 4), request('r3', 1, 3), request('r4', 2, 4)],
  });
  const placed = [
    { requestId: 'r1', slotId: 's1', tableId: 't1' },
    { requestId: 'r2', slotId: 's2', tableId: null },
  ];
  it('gives each constraint its answer', () => {
    expect(checkMove(input, placed, { requestId: 'r1', slotId: 's2', tableId: 't1' })).toBe('ok');
    expect(checkMove(input, placed, { requestId: 'r2', slotId: 's2', tableId: 't1' })).toBe('no_common_slot');
    expect(checkMove(input, placed, { requestId: 'r4', slotId: 's1', tableId: 't1' })).toBe('partner_full');
    expect(checkMove(input, placed, { requestId: 'r3', slotId: 's1', tableId: null })).toBe('partner_full');
    expect(checkMove(input, [placed[0]!], { requestId: 'r2', slotId: 's1', tableId: 't1' })).toBe(
      'slot_taken',
    );
    expect(checkMove(input, [placed[0]!], { requestId: 'r2', slotId: 's1', tableId: null })).toBe(
      'tables_full',
    );
    expect(
      checkMove(input, [{ requestId: 'r1', slotId: 's2', tableId: 't1' }], {
        requestId: 'r3',
        slotId: 's1',
        tableId: null,
      }),
    ).toBe('quota_reached');
    expect(checkMove(input, placed, { requestId: 'nope', slotId: 's1', tableId: null })).toBe(
      'no_common_slot',
    );
  });
});
