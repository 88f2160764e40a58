/**
 * The meeting scheduler. Hard constraints always hold: a company is in at most one meeting per slot,
 * only in slots both companies are available, within its quota; a slot never holds more in-person
 * meetings than there are tables (online meetings need none); locked meetings stay where they are.
 * Objectives, in order: as many must-meet requests placed as possible (a company marks a few of its
 * requests must-meet), then as many requests placed as possible, then max-min fairness (leximin over the
 * companies' meeting counts: the fewest meetings any company gets as high as possible, then the fewest
 * companies at that minimum), then total score.
 *
 * Design: a greedy start (must-meet requests first, then by scarcity, fewest common slots first, placed in
 * rounds that let each company have at most k meetings in round k, so the meetings spread), and the plain
 * greedy pass (must-meet requests first too) as a second start; the better one is then improved within a
 * work budget (attempts to place or move a meeting, never time) by
 * - augmenting moves: an unplaced request takes a slot after the meetings in its way (the two companies'
 *   meetings there, or an in-person meeting holding the last table) move to other slots, recursively to a
 *   small depth, everything undone when the chain fails;
 * - ejection chains: an unplaced request whose one side is at its quota takes the place of one of that
 *   side's meetings, whose other company then takes another of its unplaced requests (one more placed),
 *   itself ejecting a meeting of a partner at its quota, up to four links (`EJECTION_LINKS`): the
 *   augmenting paths of the b-matching that the flow bound (./flow-bound) counts;
 * - swaps: an unplaced request replaces a placed one when the meeting counts get fairer (or as fair with a
 *   higher score), and the request taken out then looks for a place of its own;
 * - must-meet first: an unplaced must-meet request takes a common slot from the ordinary meetings in its
 *   way (and, for a company at its quota, one of its ordinary meetings), which then look for other places.
 * No move ever takes a must-meet meeting out for an ordinary one.
 * Every request left out gets the first true reason among no_common_slot, quota_reached, partner_full and
 * tables_full, evaluated on the final schedule (a last pass places any request that still fits).
 */
import type { PlacedMeeting, ScheduleInput, ScheduleResult, UnplacedReason } from './api';
import { random } from './random';

/**
 * The improvement's default budget, in units of work (one unit: one attempt to place or move a meeting),
 * never in time, so that the same input gives the same schedule on an idle or a busy machine. The bench's
 * 1,000 companies and 5,000 requests stop at about 670,000 units (0.5–2 s here), when no move improves.
 */
export const DEFAULT_WORK_BUDGET = 3_000_000;
/** The longest ejection chain tried, in links (meetings given up along the path). */
const EJECTION_LINKS = 4;
/** The deepest augmenting chain of moves that frees a slot for a request. */
const RELOCATION_DEPTH = 2;

export class State {
  readonly S: number;
  readonly C: number;
  readonly R: number;
  readonly T: number;
  readonly avail: Uint8Array;
  readonly busy: Int32Array;
  readonly count: Int32Array;
  readonly quota: Int32Array;
  readonly tableUse: Int32Array;
  readonly slotOf: Int32Array;
  readonly ra: Int32Array;
  readonly rb: Int32Array;
  readonly needsTable: Uint8Array;
  readonly locked: Uint8Array;
  readonly score: Float64Array;
  readonly must: Uint8Array;
  /** the in-person meetings of each slot (for freeing a table) */
  readonly inSlot: number[][];
  readonly posInSlot: Int32Array;
  /** undo log: pairs (request, slot it was in before, or -1 when it was not placed) */
  readonly log: number[] = [];
  logging = false;
  /** units of work spent by the improvement (attempts to place or move a meeting): its budget counts these */
  work = 0;

  constructor(readonly input: ScheduleInput) {
    const slotIx = new Map(input.slots.map((s, i) => [s.id, i]));
    const companyIx = new Map(input.companies.map((c, i) => [c.id, i]));
    this.S = input.slots.length;
    this.C = input.companies.length;
    this.R = input.requests.length;
    this.T = input.tables.length;
    this.avail = new Uint8Array(this.C * this.S);
    this.busy = new Int32Array(this.C * this.S).fill(-1);
    this.count = new Int32Array(this.C);
    this.quota = new Int32Array(this.C);
    this.tableUse = new Int32Array(this.S);
    this.slotOf = new Int32Array(this.R).fill(-1);
    this.ra = new Int32Array(this.R);
    this.rb = new Int32Array(this.R);
    this.needsTable = new Uint8Array(this.R);
    this.locked = new Uint8Array(this.R);
    this.score = new Float64Array(this.R);
    this.must = new Uint8Array(this.R);
    this.inSlot = Array.from({ length: this.S }, () => []);
    this.posInSlot = new Int32Array(this.R).fill(-1);
    input.companies.forEach((c, i) => {
      this.quota[i] = Math.max(0, Math.floor(c.quota));
      for (const id of c.availableSlotIds) {
        const s = slotIx.get(id);
        if (s !== undefined) this.avail[i * this.S + s] = 1;
      }
    });
    input.requests.forEach((r, k) => {
      const a = companyIx.get(r.from) ?? -1;
      const b = companyIx.get(r.to) ?? -1;
      // a request without two distinct known companies can never be placed
      this.ra[k] = a >= 0 && b >= 0 && a !== b ? a : -1;
      this.rb[k] = a >= 0 && b >= 0 && a !== b ? b : -1;
      this.needsTable[k] = r.online ? 0 : 1;
      this.score[k] = Number.isFinite(r.score) ? r.score : 0;
      this.must[k] = r.mustMeet ? 1 : 0;
    });
  }

  common(r: number, s: number): boolean {
    const a = this.ra[r]!;
    return a >= 0 && this.avail[a * this.S + s] === 1 && this.avail[this.rb[r]! * this.S + s] === 1;
  }

  /** whether r, not placed, can go to s as things are */
  fits(r: number, s: number): boolean {
    const a = this.ra[r]!;
    const b = this.rb[r]!;
    const S = this.S;
    return (
      a >= 0 &&
      this.avail[a * S + s] === 1 &&
      this.avail[b * S + s] === 1 &&
      this.busy[a * S + s] === -1 &&
      this.busy[b * S + s] === -1 &&
      this.count[a]! < this.quota[a]! &&
      this.count[b]! < this.quota[b]! &&
      (this.needsTable[r] === 0 || this.tableUse[s]! < this.T)
    );
  }

  place(r: number, s: number, usesTable = this.needsTable[r] === 1): void {
    const a = this.ra[r]!;
    const b = this.rb[r]!;
    this.slotOf[r] = s;
    this.busy[a * this.S + s] = r;
    this.busy[b * this.S + s] = r;
    this.count[a]!++;
    this.count[b]!++;
    if (usesTable) {
      this.tableUse[s]!++;
      this.posInSlot[r] = this.inSlot[s]!.length;
      this.inSlot[s]!.push(r);
    }
    if (this.logging) this.log.push(r, -1);
  }

  unplace(r: number): void {
    const s = this.slotOf[r]!;
    const a = this.ra[r]!;
    const b = this.rb[r]!;
    this.slotOf[r] = -1;
    this.busy[a * this.S + s] = -1;
    this.busy[b * this.S + s] = -1;
    this.count[a]!--;
    this.count[b]!--;
    const pos = this.posInSlot[r]!;
    if (pos >= 0) {
      this.tableUse[s]!--;
      const list = this.inSlot[s]!;
      const last = list.pop()!;
      if (last !== r) {
        list[pos] = last;
        this.posInSlot[last] = pos;
      }
      this.posInSlot[r] = -1;
    }
    if (this.logging) this.log.push(r, s);
  }

  rollback(mark: number): void {
    const logging = this.logging;
    this.logging = false;
    while (this.log.length > mark) {
      const s = this.log.pop()!;
      const r = this.log.pop()!;
      if (s === -1) this.unplace(r);
      else this.place(r, s);
    }
    this.logging = logging;
  }

  firstFit(r: number, from = 0): number {
    for (let k = 0; k < this.S; k++) {
      const s = (from + k) % this.S;
      if (this.fits(r, s)) return s;
    }
    return -1;
  }

  commonSlots(r: number): number {
    let n = 0;
    for (let s = 0; s < this.S; s++) if (this.common(r, s)) n++;
    return n;
  }

  placedCount(): number {
    let n = 0;
    for (let r = 0; r < this.R; r++) if (this.slotOf[r]! >= 0) n++;
    return n;
  }

  mustPlacedCount(): number {
    let n = 0;
    for (let r = 0; r < this.R; r++) if (this.must[r] && this.slotOf[r]! >= 0) n++;
    return n;
  }
}

/**
 * Puts the locked meetings in (they count toward quotas). An in-person locked meeting takes one of its
 * slot's tables whatever its table id says (a table since removed, or none after a hand move): the tables
 * are the limit, and a slot whose locked meetings already exceed them gets no more in-person meetings.
 */
export function placeLocked(st: State): void {
  const requestIx = new Map(st.input.requests.map((r, i) => [r.id, i]));
  const slotIx = new Map(st.input.slots.map((s, i) => [s.id, i]));
  for (const m of st.input.locked) {
    const r = requestIx.get(m.requestId);
    const s = slotIx.get(m.slotId);
    if (r === undefined || s === undefined || st.locked[r] || st.ra[r]! < 0) continue;
    st.locked[r] = 1;
    st.place(r, s);
  }
}

/** The plain greedy pass: must-meet requests, then the others, in the order given, each at its first fit. */
function plainGreedy(st: State, mustOnly = false): void {
  if (!mustOnly) plainGreedy(st, true);
  for (let r = 0; r < st.R; r++) {
    if (st.slotOf[r] !== -1 || (mustOnly && !st.must[r])) continue;
    const s = st.firstFit(r);
    if (s >= 0) st.place(r, s);
  }
}

/** Requests must-meet first, then by scarcity: fewest common slots first, then the higher score. */
function scarcityOrder(st: State): number[] {
  const common = Int32Array.from({ length: st.R }, (_, r) => st.commonSlots(r));
  return Array.from({ length: st.R }, (_, r) => r).sort(
    (x, y) => st.must[y]! - st.must[x]! || common[x]! - common[y]! || st.score[y]! - st.score[x]! || x - y,
  );
}

/** The fair greedy start: the must-meet requests, then in round k each company may reach k meetings. */
function fairGreedy(st: State, order: number[]): void {
  for (const r of order) {
    if (!st.must[r]) break;
    if (st.slotOf[r] !== -1 || st.ra[r]! < 0) continue;
    const s = st.firstFit(r, r % Math.max(1, st.S));
    if (s >= 0) st.place(r, s);
  }
  let maxQuota = 0;
  for (let c = 0; c < st.C; c++) maxQuota = Math.max(maxQuota, st.quota[c]!);
  for (let k = 1; k <= maxQuota; k++) {
    for (const r of order) {
      if (st.slotOf[r] !== -1 || st.ra[r]! < 0) continue;
      if (st.count[st.ra[r]!]! >= k || st.count[st.rb[r]!]! >= k) continue;
      // the slot where the two companies have the fewest other free common options is kept for last
      const s = st.firstFit(r, r % Math.max(1, st.S));
      if (s >= 0) st.place(r, s);
    }
  }
}

/** Moves placed meeting m to another slot, freeing that slot's blockers recursively up to `depth`. */
function relocate(
  st: State,
  m: number,
  depth: number,
  stamp: Int32Array,
  mark: number,
  rnd: () => number,
): boolean {
  if (st.locked[m] || stamp[m] === mark) return false;
  stamp[m] = mark;
  st.work++;
  const from = st.slotOf[m]!;
  st.unplace(m);
  const start = Math.floor(rnd() * st.S);
  for (let k = 0; k < st.S; k++) {
    const s = (start + k) % st.S;
    if (s !== from && st.fits(m, s)) {
      st.place(m, s);
      return true;
    }
  }
  if (depth > 0) {
    for (let k = 0; k < st.S; k++) {
      const s = (start + k) % st.S;
      if (s !== from && st.common(m, s) && makeRoom(st, m, s, depth - 1, stamp, mark, rnd)) {
        st.place(m, s);
        return true;
      }
    }
  }
  st.place(m, from);
  return false;
}

/** Frees slot s for request r (its two companies, and a table if it needs one); undone on failure. */
function makeRoom(
  st: State,
  r: number,
  s: number,
  depth: number,
  stamp: Int32Array,
  mark: number,
  rnd: () => number,
): boolean {
  const before = st.log.length;
  const S = st.S;
  for (const c of [st.ra[r]!, st.rb[r]!]) {
    const m = st.busy[c * S + s]!;
    if (m >= 0 && !relocate(st, m, depth, stamp, mark, rnd)) {
      st.rollback(before);
      return false;
    }
  }
  if (st.needsTable[r] === 1 && st.tableUse[s]! >= st.T) {
    let freed = false;
    const list = st.inSlot[s]!;
    const tries = Math.min(list.length, 12);
    for (let k = 0; k < tries && !freed; k++) {
      const m = list[Math.floor(rnd() * list.length)]!;
      freed = relocate(st, m, depth, stamp, mark, rnd);
    }
    if (!freed) {
      st.rollback(before);
      return false;
    }
  }
  if (!st.fits(r, s)) {
    st.rollback(before);
    return false;
  }
  return true;
}

/** Places unplaced request r, directly or by an augmenting chain. */
function insert(
  st: State,
  r: number,
  depth: number,
  stamp: Int32Array,
  mark: { n: number },
  rnd: () => number,
) {
  if (st.ra[r]! < 0) return false;
  st.work++;
  const a = st.ra[r]!;
  const b = st.rb[r]!;
  if (st.count[a]! >= st.quota[a]! || st.count[b]! >= st.quota[b]!) return false;
  const direct = st.firstFit(r, Math.floor(rnd() * st.S));
  if (direct >= 0) {
    st.place(r, direct);
    return true;
  }
  if (depth < 0) return false;
  const start = Math.floor(rnd() * st.S);
  for (let k = 0; k < st.S; k++) {
    const s = (start + k) % st.S;
    if (!st.common(r, s)) continue;
    mark.n++;
    if (makeRoom(st, r, s, depth, stamp, mark.n, rnd)) {
      st.place(r, s);
      return true;
    }
  }
  return false;
}

/** Leximin: is the multiset `after` strictly better than `before` (same length)? 0 when equal. */
function leximin(before: number[], after: number[]): number {
  before.sort((x, y) => x - y);
  after.sort((x, y) => x - y);
  for (let k = 0; k < before.length; k++) if (after[k] !== before[k]) return after[k]! > before[k]! ? 1 : -1;
  return 0;
}

/**
 * Replaces a placed meeting m by unplaced r when fairness improves (or holds with a higher score), then
 * looks for a new place for m. m is a meeting of one of r's companies (the one at its quota, or the one
 * busy in a slot the other has free), or an in-person meeting holding the last table of a common slot.
 */
function swap(st: State, r: number, stamp: Int32Array, mark: { n: number }, rnd: () => number): boolean {
  const a = st.ra[r]!;
  const b = st.rb[r]!;
  if (a < 0) return false;
  const S = st.S;
  const candidates: number[] = [];
  const full = (c: number) => st.count[c]! >= st.quota[c]!;
  for (let s = 0; s < S; s++) {
    if (!st.common(r, s)) continue;
    const ma = st.busy[a * S + s]!;
    const mb = st.busy[b * S + s]!;
    if (ma >= 0 && mb >= 0 && ma !== mb) continue;
    const m = ma >= 0 ? ma : mb;
    if (m >= 0) candidates.push(m);
    else if (st.needsTable[r] === 1 && st.tableUse[s]! >= st.T) {
      const list = st.inSlot[s]!;
      if (list.length > 0) candidates.push(list[Math.floor(rnd() * list.length)]!);
    }
  }
  if (full(a) || full(b)) {
    // a company at its quota must give up one of its meetings
    for (let s = 0; s < S; s++) {
      for (const c of [a, b]) {
        const m = st.busy[c * S + s]!;
        if (m >= 0 && full(c)) candidates.push(m);
      }
    }
  }
  for (const m of candidates) {
    if (st.locked[m] || st.slotOf[m]! < 0 || st.must[m]! > st.must[r]!) continue;
    const c = st.ra[m]!;
    const d = st.rb[m]!;
    const affected = [...new Set([a, b, c, d])];
    const delta = (x: number) => (x === a || x === b ? 1 : 0) - (x === c || x === d ? 1 : 0);
    const before = affected.map((x) => st.count[x]!);
    const after = affected.map((x) => st.count[x]! + delta(x));
    const fairer = leximin(before, after);
    const mustFirst = st.must[r]! > st.must[m]!;
    if (!mustFirst && (fairer < 0 || (fairer === 0 && st.score[r]! <= st.score[m]!))) continue;
    const mark0 = st.log.length;
    st.unplace(m);
    if (insert(st, r, 0, stamp, mark, rnd)) {
      // the request taken out tries for another place; the swap stands either way
      insert(st, m, 1, stamp, mark, rnd);
      return true;
    }
    st.rollback(mark0);
  }
  return false;
}

/**
 * Ejection chain: unplaced r has one side, c, at its quota. One of c's meetings, m = (c, x), gives its
 * place to r; x, now with a meeting to spare, takes another of its unplaced requests q = (x, y): one more
 * request placed. When y is at its quota too, q ejects one of y's meetings in turn, up to `depth` more
 * links (an augmenting path of the b-matching, each link's slots freed by a short augmenting chain).
 * Everything is undone when the chain fails.
 */
function eject(
  st: State,
  r: number,
  incident: number[][],
  stamp: Int32Array,
  mark: { n: number },
  rnd: () => number,
  depth = 0,
  chain: number[] = [],
): boolean {
  const a = st.ra[r]!;
  const b = st.rb[r]!;
  if (a < 0) return false;
  const fullA = st.count[a]! >= st.quota[a]!;
  const fullB = st.count[b]! >= st.quota[b]!;
  if (fullA === fullB) return false;
  const c = fullA ? a : b;
  const start = Math.floor(rnd() * st.S);
  for (let k = 0; k < st.S; k++) {
    const m = st.busy[c * st.S + ((start + k) % st.S)]!;
    if (m < 0 || st.locked[m] || st.must[m]! > st.must[r]! || chain.includes(m)) continue;
    const x = st.ra[m] === c ? st.rb[m]! : st.ra[m]!;
    const mark0 = st.log.length;
    st.unplace(m);
    if (insert(st, r, depth > 0 ? 1 : 0, stamp, mark, rnd)) {
      for (const q of incident[x]!) {
        if (q === m || q === r || st.slotOf[q] !== -1) continue;
        if (insert(st, q, depth > 0 ? 1 : 0, stamp, mark, rnd)) return true;
      }
      if (depth > 0) {
        // the chain goes on: a request of x whose other side is at its quota ejects one of that side's
        for (const q of incident[x]!) {
          if (q === m || q === r || st.slotOf[q] !== -1) continue;
          if (eject(st, q, incident, stamp, mark, rnd, depth - 1, [...chain, r, m])) return true;
        }
      }
    }
    st.rollback(mark0);
  }
  return false;
}

/** An ordinary, movable meeting of company c other than in slot `except`, or -1. */
function ordinaryMeetingOf(st: State, c: number, except: number): number {
  for (let s = 0; s < st.S; s++) {
    const m = st.busy[c * st.S + s]!;
    if (s !== except && m >= 0 && !st.locked[m] && !st.must[m]) return m;
  }
  return -1;
}

/**
 * Must-meet first: unplaced must-meet r takes a common slot from the ordinary meetings in its way (the two
 * companies' meetings there, one holding the slot's last table, and one more of a company at its quota),
 * which then look for other places. One more must-meet placed, at the cost of at most three ordinary ones.
 */
function forceMust(st: State, r: number, stamp: Int32Array, mark: { n: number }, rnd: () => number): boolean {
  const a = st.ra[r]!;
  const b = st.rb[r]!;
  if (a < 0) return false;
  const S = st.S;
  const start = Math.floor(rnd() * S);
  for (let k = 0; k < S; k++) {
    const s = (start + k) % S;
    if (!st.common(r, s)) continue;
    st.work++;
    const mark0 = st.log.length;
    const out: number[] = [];
    const takeOut = (m: number) => {
      if (m < 0 || st.locked[m] || st.must[m]) return false;
      st.unplace(m);
      out.push(m);
      return true;
    };
    let ok = true;
    for (const c of [a, b]) {
      const m = st.busy[c * S + s]!;
      if (m >= 0 && !takeOut(m)) ok = false;
    }
    if (ok && st.needsTable[r] === 1 && st.tableUse[s]! >= st.T)
      ok = st.inSlot[s]!.some((m) => !st.locked[m] && !st.must[m] && takeOut(m));
    for (const c of [a, b]) if (ok && st.count[c]! >= st.quota[c]!) ok = takeOut(ordinaryMeetingOf(st, c, s));
    if (ok && st.fits(r, s)) {
      st.place(r, s);
      for (const m of out) insert(st, m, 1, stamp, mark, rnd);
      return true;
    }
    st.rollback(mark0);
  }
  return false;
}

function fairnessVector(st: State, involved: Uint8Array): number[] {
  const counts: number[] = [];
  for (let c = 0; c < st.C; c++) if (involved[c]) counts.push(st.count[c]!);
  return counts;
}

export function better(x: State, y: State, involved: Uint8Array): boolean {
  const mx = x.mustPlacedCount();
  const my = y.mustPlacedCount();
  if (mx !== my) return mx > my;
  const px = x.placedCount();
  const py = y.placedCount();
  if (px !== py) return px > py;
  const fair = leximin(fairnessVector(y, involved), fairnessVector(x, involved));
  if (fair !== 0) return fair > 0;
  let sx = 0;
  let sy = 0;
  for (let r = 0; r < x.R; r++) {
    if (x.slotOf[r]! >= 0) sx += x.score[r]!;
    if (y.slotOf[r]! >= 0) sy += y.score[r]!;
  }
  return sx > sy;
}

function unplacedReason(st: State, r: number): UnplacedReason | null {
  const a = st.ra[r]!;
  const b = st.rb[r]!;
  if (a < 0) return 'no_common_slot';
  let common = 0;
  let freeForBoth = 0;
  for (let s = 0; s < st.S; s++) {
    if (!st.common(r, s)) continue;
    common++;
    if (st.busy[a * st.S + s] === -1 && st.busy[b * st.S + s] === -1) {
      freeForBoth++;
      if (st.needsTable[r] === 0 || st.tableUse[s]! < st.T) {
        if (st.count[a]! < st.quota[a]! && st.count[b]! < st.quota[b]!) return null;
      }
    }
  }
  if (common === 0) return 'no_common_slot';
  if (st.count[a]! >= st.quota[a]! || st.count[b]! >= st.quota[b]!) return 'quota_reached';
  if (freeForBoth === 0) return 'partner_full';
  return 'tables_full';
}

export function result(st: State): ScheduleResult {
  const { input } = st;
  // anything that still fits goes in, so that every request left out has a true reason
  for (let r = 0; r < st.R; r++) {
    if (st.slotOf[r] !== -1 || st.ra[r]! < 0) continue;
    const s = st.firstFit(r);
    if (s >= 0) st.place(r, s);
  }
  const tableIds = new Set(input.tables.map((t) => t.id));
  // a locked meeting keeps its table when the table still exists and no other locked meeting holds it
  const lockedTable = new Map<string, string | null>();
  const claimed = new Set<string>();
  for (const m of input.locked) {
    const key = `${m.slotId}|${m.tableId}`;
    const keeps = m.tableId !== null && tableIds.has(m.tableId) && !claimed.has(key);
    if (keeps) claimed.add(key);
    lockedTable.set(m.requestId, keeps ? m.tableId : null);
  }
  const placed: PlacedMeeting[] = [];
  const unplaced: ScheduleResult['unplaced'] = [];
  // tables: locked meetings keep theirs, the others take the free ones in order
  const taken = Array.from({ length: st.S }, () => new Set<string>());
  for (let r = 0; r < st.R; r++) {
    const table = st.locked[r] ? lockedTable.get(input.requests[r]!.id) : null;
    if (st.slotOf[r]! >= 0 && table) taken[st.slotOf[r]!]!.add(table);
  }
  const next = new Int32Array(st.S);
  const used = new Set<string>();
  for (let r = 0; r < st.R; r++) {
    const s = st.slotOf[r]!;
    const request = input.requests[r]!;
    if (s < 0) {
      // null cannot happen after the pass above
      unplaced.push({ requestId: request.id, reason: unplacedReason(st, r) ?? 'partner_full' });
      continue;
    }
    const slot = s;
    let tableId: string | null = st.locked[r] ? (lockedTable.get(request.id) ?? null) : null;
    if (tableId === null && st.needsTable[r]) {
      let k = next[slot]!;
      while (k < input.tables.length && taken[slot]!.has(input.tables[k]!.id)) k++;
      // only locked meetings beyond the slot's tables find none: re-validation reports them
      tableId = k < input.tables.length ? input.tables[k]!.id : null;
      next[slot] = k + 1;
    }
    if (tableId) used.add(tableId);
    placed.push({ requestId: request.id, slotId: input.slots[slot]!.id, tableId });
  }
  const involved = involvedCompanies(st);
  const counts = fairnessVector(st, involved).sort((x, y) => x - y);
  const upperBound = Math.max(placed.length, ceilingBound(st));
  return {
    placed,
    unplaced,
    stats: {
      requests: st.R,
      placed: placed.length,
      minMeetings: counts[0] ?? 0,
      medianMeetings: counts.length ? counts[Math.floor((counts.length - 1) / 2)]! : 0,
      maxMeetings: counts[counts.length - 1] ?? 0,
      tablesUsed: used.size,
      upperBound,
      gapPct: gapPct(placed.length, upperBound),
      optimal: false,
      work: st.work,
      mustMeet: st.must.reduce((n, x) => n + x, 0),
      mustMeetPlaced: st.mustPlacedCount(),
    },
  };
}

/** The share of the proven ceiling not placed, in percent, two decimals. */
export const gapPct = (placed: number, bound: number) =>
  bound <= 0 ? 0 : Math.round(((bound - placed) / bound) * 10_000) / 100;

/** The plain greedy pass alone (requests in the order given, first slot that fits), for comparison. */
export function greedySchedule(input: ScheduleInput): ScheduleResult {
  const st = new State(input);
  placeLocked(st);
  plainGreedy(st);
  return result(st);
}

export function schedule(input: ScheduleInput): ScheduleResult {
  return result(improve(input));
}

/** The companies in at least one request: the ones the fairness objectives are about. */
export function involvedCompanies(st: State): Uint8Array {
  const involved = new Uint8Array(st.C);
  for (let r = 0; r < st.R; r++) if (st.ra[r]! >= 0) involved[st.ra[r]!] = involved[st.rb[r]!] = 1;
  return involved;
}

/** The heuristic: the better of two greedy starts, improved within the work budget. */
export function improve(input: ScheduleInput): State {
  const budget = Math.max(0, input.options?.workBudget ?? DEFAULT_WORK_BUDGET);
  const rnd = random(input.options?.seed ?? 1);

  const plain = new State(input);
  placeLocked(plain);
  plainGreedy(plain);
  const st = new State(input);
  placeLocked(st);
  const order = scarcityOrder(st);
  fairGreedy(st, order);
  const involved = involvedCompanies(st);
  const best = better(plain, st, involved) ? plain : st;

  const stamp = new Int32Array(best.R);
  const mark = { n: 0 };
  const incident: number[][] = Array.from({ length: best.C }, () => []);
  for (let r = 0; r < best.R; r++) {
    if (best.ra[r]! < 0) continue;
    incident[best.ra[r]!]!.push(r);
    incident[best.rb[r]!]!.push(r);
  }
  best.logging = true;
  const spent = () => best.work >= budget;
  for (const r of order) {
    if (!best.must[r] || spent()) break;
    best.log.length = 0;
    if (best.slotOf[r] === -1 && !insert(best, r, RELOCATION_DEPTH, stamp, mark, rnd))
      forceMust(best, r, stamp, mark, rnd);
  }
  for (let depth = 0, pass = 0; depth < EJECTION_LINKS && !spent(); pass++) {
    let improved = false;
    for (const r of order) {
      if (best.slotOf[r] !== -1) continue;
      if (spent()) break;
      best.log.length = 0;
      if (insert(best, r, Math.min(depth, RELOCATION_DEPTH), stamp, mark, rnd)) improved = true;
    }
    for (const r of order) {
      if (best.slotOf[r] !== -1) continue;
      if (spent()) break;
      best.log.length = 0;
      if (eject(best, r, incident, stamp, mark, rnd, depth)) improved = true;
    }
    for (const r of order) {
      if (best.slotOf[r] !== -1) continue;
      if (spent()) break;
      best.log.length = 0;
      if (swap(best, r, stamp, mark, rnd)) improved = true;
    }
    if (!improved) depth++;
    if (pass > 200) break;
  }
  best.logging = false;
  best.log.length = 0;
  return best;
}

/**
 * A ceiling of the requests any schedule can place, cheap and proven but loose: each company's own ceiling
 * (min of its requests, its free slots and its quota), halved; and the tables. Locked meetings count.
 */
function ceilingBound(st: State): number {
  const requests = new Int32Array(st.C);
  let online = 0;
  let inPerson = 0;
  let placeable = 0;
  for (let r = 0; r < st.R; r++) {
    if (st.ra[r]! < 0 || (st.commonSlots(r) === 0 && !st.locked[r])) continue;
    placeable++;
    requests[st.ra[r]!]!++;
    requests[st.rb[r]!]!++;
    if (st.needsTable[r]) inPerson++;
    else online++;
  }
  let ceilings = 0;
  for (let c = 0; c < st.C; c++) {
    let free = 0;
    for (let s = 0; s < st.S; s++) free += st.avail[c * st.S + s]!;
    ceilings += Math.min(requests[c]!, free, st.quota[c]!);
  }
  return Math.min(placeable, Math.floor(ceilings / 2), online + Math.min(inPerson, st.S * st.T));
}

/** `ceilingBound` of an input, for the tests and the bench's comparison. */
export function placementUpperBound(input: ScheduleInput): number {
  return ceilingBound(new State(input));
}
