import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateProgramme } from './generate';
import { scheduleProven } from './optimum';
import { greedySchedule, schedule } from './schedule';
import { programme, request, slots, verify } from './test-schedules';

// one slot, two tables: 1-2 and 3-4 fit together, but the must-meet 1-3 takes both companies' slot
const contested = () =>
  programme({
    slots: slots(1),
    tables: [1, 2].map((i) => ({ id: `t${i}`, name: `${i}` })),
    companies: [1, 2, 3, 4].map((id) => ({ id, quota: 3, availableSlotIds: ['s1'] })),
    requests: [
      request('r1', 1, 2, { score: 90 }),
      request('r2', 3, 4, { score: 90 }),
      request('r3', 1, 3, { mustMeet: true }),
    ],
  });

describe('schedule: must-meet requests first', () => {
  it('places a must-meet request even when two ordinary ones would fit in its place (objective order)', () => {
    const input = contested();
    const result = schedule(input);
    verify(input, result);
    expect(result.placed.map((m) => m.requestId)).toEqual(['r3']);
    expect(result.unplaced).toEqual([
      { requestId: 'r1', reason: 'partner_full' },
      { requestId: 'r2', reason: 'partner_full' },
    ]);
    expect(result.stats).toMatchObject({ mustMeet: 1, mustMeetPlaced: 1, placed: 1 });
  });

  it('without the mark, the same programme places the two ordinary requests', () => {
    const input = contested();
    input.requests[2]!.mustMeet = false;
    const result = schedule(input);
    expect(result.placed.map((m) => m.requestId).sort()).toEqual(['r1', 'r2']);
    expect(result.stats).toMatchObject({ mustMeet: 0, mustMeetPlaced: 0 });
  });

  it("gives a company's only meeting to its must-meet request, not to the better-scored ordinary one", () => {
    const input = programme({
      slots: slots(2),
      tables: [1, 2].map((i) => ({ id: `t${i}`, name: `${i}` })),
      companies: [
        { id: 1, quota: 1, availableSlotIds: ['s1', 's2'] },
        { id: 2, quota: 2, availableSlotIds: ['s1', 's2'] },
        { id: 3, quota: 2, availableSlotIds: ['s2'] },
      ],
      // in the order given, plain greedy gives company 1's one meeting to 1-2
      requests: [request('r1', 1, 2, { score: 99 }), request('r2', 3, 1, { mustMeet: true, score: 1 })],
    });
    const result = schedule(input);
    verify(input, result);
    expect(result.placed.map((m) => m.requestId)).toEqual(['r2']);
    expect(result.unplaced).toEqual([{ requestId: 'r1', reason: 'quota_reached' }]);
  });

  it('over random programmes: constraints and reasons hold, never fewer must-meet placed than the greedy pass', () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          companies: fc.integer({ min: 2, max: 14 }),
          requests: fc.integer({ min: 0, max: 45 }),
          slots: fc.integer({ min: 1, max: 6 }),
          tables: fc.integer({ min: 0, max: 4 }),
          mustMeetShare: fc.double({ min: 0, max: 0.6, noNaN: true }),
          lockedShare: fc.double({ min: 0, max: 0.3, noNaN: true }),
        }),
        (options) => {
          const { input } = generateProgramme({ ...options, quota: [1, 5] });
          const withOptions = { ...input, options: { workBudget: 100_000, seed: options.seed } };
          const result = schedule(withOptions);
          verify(withOptions, result);
          const greedy = greedySchedule(input);
          const must = input.requests.filter((r) => r.mustMeet).length;
          expect(result.stats.mustMeet).toBe(must);
          expect(result.stats.mustMeetPlaced).toBeGreaterThanOrEqual(greedy.stats.mustMeetPlaced);
          const placed = new Set(result.placed.map((m) => m.requestId));
          expect(result.stats.mustMeetPlaced).toBe(
            input.requests.filter((r) => r.mustMeet && placed.has(r.id)).length,
          );
          // at most MUST_MEET_MAX per sender, as the product allows
          const perSender = new Map<number, number>();
          for (const r of input.requests.filter((q) => q.mustMeet))
            perSender.set(r.from, (perSender.get(r.from) ?? 0) + 1);
          for (const n of perSender.values()) expect(n).toBeLessThanOrEqual(3);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('solved exactly: as many must-meet placed as the must-meet requests alone allow, then the most placed', async () => {
    const wasm = createRequire(import.meta.url).resolve('highs/runtime');
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.integer({ min: 1, max: 100_000 }),
          companies: fc.integer({ min: 2, max: 12 }),
          requests: fc.integer({ min: 1, max: 35 }),
          slots: fc.integer({ min: 1, max: 4 }),
          tables: fc.integer({ min: 0, max: 3 }),
          mustMeetShare: fc.double({ min: 0.1, max: 0.7, noNaN: true }),
        }),
        async (options) => {
          const { input } = generateProgramme({ ...options, quota: [1, 4] });
          const result = await scheduleProven(input, wasm);
          verify(input, result);
          const alone = await scheduleProven(
            { ...input, requests: input.requests.filter((r) => r.mustMeet) },
            wasm,
          );
          const ordinary = await scheduleProven(
            { ...input, requests: input.requests.map((r) => ({ ...r, mustMeet: false })) },
            wasm,
          );
          if (result.stats.optimal && alone.stats.optimal) {
            expect(result.stats.mustMeetPlaced).toBe(alone.stats.placed);
            // the mark costs at most what it must: never more placed than without it
            if (ordinary.stats.optimal)
              expect(result.stats.placed).toBeLessThanOrEqual(ordinary.stats.placed);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
