/**
 * `checkMove`: an organiser's hand move (a meeting put in a slot, at a table or none) checked against
 * the scheduler's hard constraints, given the meetings placed now. The answer is the first that holds of:
 * `no_common_slot` (the request, slot or a company is unknown, or one of the two is not available then),
 * `partner_full` (one of them has another meeting in that slot), `quota_reached` (the meeting is new and one
 * of them is at its quota), `slot_taken` (the table named is another meeting's in that slot),
 * `tables_full` (an in-person meeting without a table named, or with an unknown one, and no table free in
 * that slot), else `ok`. An in-person move with `tableId: null` is `ok` when a table is free: the caller
 * gives it one. The request's own current place does not count against it.
 */
import type { PlacedMeeting, ScheduleInput, UnplacedReason } from './api';
import { State } from './schedule';

export function checkMove(
  input: ScheduleInput,
  placed: readonly PlacedMeeting[],
  move: PlacedMeeting,
): UnplacedReason | 'ok' | 'slot_taken' {
  const st = new State(input);
  const requestIx = new Map(input.requests.map((r, i) => [r.id, i]));
  const slotIx = new Map(input.slots.map((s, i) => [s.id, i]));
  const tableIds = new Set(input.tables.map((t) => t.id));
  const r = requestIx.get(move.requestId);
  const s = slotIx.get(move.slotId);
  if (r === undefined || s === undefined || st.ra[r]! < 0) return 'no_common_slot';
  let wasPlaced = false;
  const tablesTaken = new Set<string>();
  for (const m of placed) {
    const k = requestIx.get(m.requestId);
    const ks = slotIx.get(m.slotId);
    if (k === undefined || ks === undefined || st.ra[k]! < 0) continue;
    if (k === r) {
      wasPlaced = true;
      continue;
    }
    const usesTable = m.tableId !== null && tableIds.has(m.tableId);
    st.place(k, ks, usesTable);
    if (usesTable && ks === s) tablesTaken.add(m.tableId!);
  }
  if (!st.common(r, s)) return 'no_common_slot';
  const a = st.ra[r]!;
  const b = st.rb[r]!;
  if (st.busy[a * st.S + s] !== -1 || st.busy[b * st.S + s] !== -1) return 'partner_full';
  if (!wasPlaced && (st.count[a]! >= st.quota[a]! || st.count[b]! >= st.quota[b]!)) return 'quota_reached';
  if (move.tableId !== null && tableIds.has(move.tableId)) {
    return tablesTaken.has(move.tableId) ? 'slot_taken' : 'ok';
  }
  if (st.needsTable[r] === 1 || move.tableId !== null) return st.tableUse[s]! < st.T ? 'ok' : 'tables_full';
  return 'ok';
}

/**
 * The locked (published) meetings that no longer fit the programme as it is now (after a change of its
 * days, hours, tables or quota, or of a company's availability), each with the first rule it breaks, in
 * the order the meetings are given: `no_common_slot` (its slot is gone, or one company is not available
 * then), `partner_full` (a company has another locked meeting then), `quota_reached`, `tables_full` (more
 * in-person meetings in its slot than tables). The scheduler keeps them where they are: the organiser is
 * told, and moves or cancels them.
 */
export function lockedConflicts(input: ScheduleInput): { requestId: string; reason: UnplacedReason }[] {
  const st = new State(input);
  const requestIx = new Map(input.requests.map((r, i) => [r.id, i]));
  const slotIx = new Map(input.slots.map((s, i) => [s.id, i]));
  const conflicts: { requestId: string; reason: UnplacedReason }[] = [];
  for (const m of input.locked) {
    const r = requestIx.get(m.requestId);
    const s = slotIx.get(m.slotId);
    if (r === undefined || st.ra[r]! < 0) continue;
    const a = st.ra[r]!;
    const b = st.rb[r]!;
    const reason: UnplacedReason | null =
      s === undefined || !st.common(r, s)
        ? 'no_common_slot'
        : st.busy[a * st.S + s] !== -1 || st.busy[b * st.S + s] !== -1
          ? 'partner_full'
          : st.count[a]! >= st.quota[a]! || st.count[b]! >= st.quota[b]!
            ? 'quota_reached'
            : st.needsTable[r] === 1 && st.tableUse[s]! >= st.T
              ? 'tables_full'
              : null;
    if (reason) conflicts.push({ requestId: m.requestId, reason });
    else st.place(r, s!);
  }
  return conflicts;
}
