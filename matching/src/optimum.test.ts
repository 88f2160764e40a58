import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateProgramme } from './generate';
import { provenFlowCeiling, scheduleProven } from './optimum';
import { gapPct, schedule } from './schedule';
import { programme, request, slots, verify } from './test-schedules';

const wasm = createRequire(import.meta.url).resolve('highs/runtime');
const companies = (n: number, quota: number, slotIds: string[]) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, quota, availableSlotIds: slotIds }));

describe('scheduleProven', () => {
  it('places all six meetings of a seven-company chain, proven optimal', async () => {
    // a path 1-2-…-7 over two slots: each inner company meets both neighbours, one per slot
    const input = programme({
      slots: slots(2),
      tables: [1, 2, 3].map((i) => ({ id: `t${i}`, name: `${i}` })),
      companies: companies(7, 2, ['s1', 's2']),
      requests: [1, 2, 3, 4, 5, 6].map((i) => request(`r${i}`, i, i + 1)),
    });
    const result = await scheduleProven(input, wasm);
    verify(input, result);
    expect(result.stats).toMatchObject({ placed: 6, upperBound: 6, gapPct: 0, optimal: true });
  });

  it('bounds a star by its centre: twelve meetings, not the leaves’ twenty-six', async () => {
    const input = programme({
      slots: slots(12),
      tables: [{ id: 't1', name: '1' }],
      companies: companies(
        27,
        12,
        slots(12).map((s) => s.id),
      ),
      requests: Array.from({ length: 26 }, (_, i) => request(`r${i}`, 1, i + 2, { online: true })),
    });
    const result = await scheduleProven(input, wasm);
    verify(input, result);
    expect(result.stats).toMatchObject({ placed: 12, upperBound: 12, optimal: true });
  });

  it('raises the fewest meetings any company gets when as many are placed (objective order)', async () => {
    // company 1 can meet 2 or 3 in s1 only; 3 has no other request: the optimum gives s1 to 1-3
    const input = programme({
      slots: slots(1),
      companies: [
        { id: 1, quota: 1, availableSlotIds: ['s1'] },
        { id: 2, quota: 1, availableSlotIds: ['s1'] },
        { id: 3, quota: 1, availableSlotIds: ['s1'] },
        { id: 4, quota: 1, availableSlotIds: ['s1'] },
      ],
      tables: [1, 2].map((i) => ({ id: `t${i}`, name: `${i}` })),
      requests: [request('r1', 1, 2, { score: 99 }), request('r2', 1, 3), request('r3', 2, 4)],
    });
    const result = await scheduleProven(input, wasm);
    verify(input, result);
    expect(result.placed.map((m) => m.requestId).sort()).toEqual(['r2', 'r3']);
    expect(result.stats).toMatchObject({ minMeetings: 1, optimal: true });
  });

  it('over random small programmes: constraints hold, at least the heuristic, never above its proven bound; the flow ceiling never below the exact optimum', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.integer({ min: 1, max: 100_000 }),
          companies: fc.integer({ min: 2, max: 14 }),
          requests: fc.integer({ min: 0, max: 40 }),
          slots: fc.integer({ min: 1, max: 5 }),
          tables: fc.integer({ min: 0, max: 4 }),
          lockedShare: fc.double({ min: 0, max: 0.4, noNaN: true }),
        }),
        async (options) => {
          const { input } = generateProgramme({ ...options, quota: [1, 5] });
          const heuristic = schedule(input);
          const result = await scheduleProven(input, wasm);
          verify(input, result);
          expect(result.stats.placed).toBeGreaterThanOrEqual(heuristic.stats.placed);
          expect(heuristic.stats.placed).toBeLessThanOrEqual(result.stats.upperBound);
          expect(result.stats.placed).toBeLessThanOrEqual(result.stats.upperBound);
          // the ceiling of the programmes too large to solve: valid, so at least the proven optimum
          const flow = provenFlowCeiling(input);
          if (result.stats.optimal) expect(flow).toBeGreaterThanOrEqual(result.stats.placed);
          expect(result.stats.upperBound).toBeLessThanOrEqual(Math.max(flow, result.stats.placed));
          expect(result.stats.gapPct).toBe(
            result.stats.optimal ? 0 : gapPct(result.stats.placed, result.stats.upperBound),
          );
          if (result.stats.optimal) {
            expect(result.stats.minMeetings).toBeGreaterThanOrEqual(
              heuristic.stats.placed === result.stats.placed ? heuristic.stats.minMeetings : 0,
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
