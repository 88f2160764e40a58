/**
 * The schedule with a proof: the heuristic (./schedule) first, then HiGHS (the `highs` package, HiGHS
 * compiled to WebAssembly) on the time-indexed model of the same programme: one 0–1 variable per request
 * and common slot where both companies are still free of locked meetings, with at most one slot per
 * request, one meeting per company and slot, each company's quota, and each slot's tables.
 *
 * - Every run computes a proven ceiling of the requests any schedule can place (./flow-bound, and on a
 *   programme solved by HiGHS the solver's own bound), and the gap to it is reported with the result.
 * - A programme small enough (`EXACT_MAX_VARIABLES`) is solved exactly, in the product's objective order:
 *   most must-meet requests placed, then most placed (one stage: a must-meet weighs more than all the
 *   ordinary requests together); then, with those placed, the highest minimum of meetings per company;
 *   then, with that minimum, the fewest companies at it; then, with all that, the highest total score.
 *   Each stage starts from the best schedule known (the heuristic's, then the stage before's), and the
 *   first is proven without the solver when the heuristic meets the flow ceiling.
 *
 * Deterministic: the solver's effort is bounded by nodes and simplex iterations, never by time, and its
 * random seed is the programme's. Only the worker thread calls this (./schedule-worker): never a request.
 */
import loadHighs, { type Highs } from 'highs';
import type { ScheduleInput, ScheduleResult } from './api';
import { flowBound } from './flow-bound';
import { better, gapPct, improve, involvedCompanies, placeLocked, result, State } from './schedule';

/** Programmes with at most this many (request, slot) variables are solved to proven optimality. */
export const EXACT_MAX_VARIABLES = 20_000;
/** The solver's work budget per stage: branch-and-bound nodes and simplex iterations. */
const MAX_NODES = 20_000;
const MAX_SIMPLEX_ITERATIONS = 2_000_000;

let loaded: Promise<Highs> | null = null;
/** HiGHS, its WebAssembly file named (a worker bundled into a data: URL cannot locate it by itself). */
const highs = (wasmPath: string) => {
  loaded ??= loadHighs({ locateFile: () => wasmPath });
  return loaded;
};

/** The model's variables: request r at slot s, and what each stage's rows need. */
interface Model {
  r: Int32Array;
  s: Int32Array;
  /** rows, each its variables (coefficient 1 unless given) and bounds */
  rows: { vars: number[]; upper: number }[];
  /** each involved company's variables and locked meetings */
  companyVars: Map<number, number[]>;
  lockedCount: Int32Array;
  lockedPlaced: number;
}

function buildModel(st: State): Model {
  const vr: number[] = [];
  const vs: number[] = [];
  const S = st.S;
  const byRequest: number[][] = [];
  const byCompanySlot = new Map<number, number[]>();
  const byCompany = new Map<number, number[]>();
  const bySlot: number[][] = Array.from({ length: S }, () => []);
  const push = <K>(map: Map<K, number[]>, key: K, v: number) => {
    const list = map.get(key);
    if (list) list.push(v);
    else map.set(key, [v]);
  };
  for (let r = 0; r < st.R; r++) {
    if (st.ra[r]! < 0 || st.locked[r]) continue;
    const a = st.ra[r]!;
    const b = st.rb[r]!;
    if (st.count[a]! >= st.quota[a]! || st.count[b]! >= st.quota[b]!) continue;
    const mine: number[] = [];
    for (let s = 0; s < S; s++) {
      if (!st.common(r, s) || st.busy[a * S + s] !== -1 || st.busy[b * S + s] !== -1) continue;
      if (st.needsTable[r] === 1 && st.tableUse[s]! >= st.T) continue;
      const v = vr.length;
      vr.push(r);
      vs.push(s);
      mine.push(v);
      push(byCompanySlot, a * S + s, v);
      push(byCompanySlot, b * S + s, v);
      push(byCompany, a, v);
      push(byCompany, b, v);
      if (st.needsTable[r] === 1) bySlot[s]!.push(v);
    }
    if (mine.length > 1) byRequest.push(mine);
  }
  const rows: Model['rows'] = [];
  for (const vars of byRequest) rows.push({ vars, upper: 1 });
  for (const vars of byCompanySlot.values()) if (vars.length > 1) rows.push({ vars, upper: 1 });
  for (const [c, vars] of byCompany) {
    const left = st.quota[c]! - st.count[c]!;
    if (vars.length > left) rows.push({ vars, upper: left });
  }
  bySlot.forEach((vars, s) => {
    const left = st.T - st.tableUse[s]!;
    if (vars.length > left) rows.push({ vars, upper: left });
  });
  const involved = involvedCompanies(st);
  const companyVars = new Map<number, number[]>();
  for (let c = 0; c < st.C; c++) if (involved[c]) companyVars.set(c, byCompany.get(c) ?? []);
  return {
    r: Int32Array.from(vr),
    s: Int32Array.from(vs),
    rows,
    companyVars,
    lockedCount: Int32Array.from(st.count),
    lockedPlaced: st.placedCount(),
  };
}

interface Stage {
  /** extra columns after the model's variables: their bounds, costs and whether integer */
  extra: { lower: number; upper: number; cost: number }[];
  /** extra rows over all columns: coefficients by column index */
  rows: { cols: number[]; coefs: number[]; lower: number; upper: number }[];
  /** the cost of each model variable */
  cost: (v: number) => number;
  sense: 'maximize' | 'minimize';
  integer: boolean;
  /** a known feasible solution over all columns, to start from */
  start?: Float64Array;
}

interface Solved {
  status: 'optimal' | 'limited' | 'failed';
  objective: number;
  /** the proven bound of the objective (the MIP's dual bound; the LP's optimum) */
  bound: number;
  values: Float64Array | null;
}

function solve(h: Highs, m: Model, stage: Stage, seed: number): Solved {
  const n = m.r.length;
  const numCols = n + stage.extra.length;
  const rowCols: number[][] = [];
  const rowCoefs: number[][] = [];
  const lower: number[] = [];
  const upper: number[] = [];
  for (const row of m.rows) {
    rowCols.push(row.vars);
    rowCoefs.push(row.vars.map(() => 1));
    lower.push(-h.infinity);
    upper.push(row.upper);
  }
  for (const row of stage.rows) {
    rowCols.push(row.cols);
    rowCoefs.push(row.coefs);
    lower.push(row.lower);
    upper.push(row.upper);
  }
  const starts = new Int32Array(rowCols.length + 1);
  rowCols.forEach((cols, i) => {
    starts[i + 1] = starts[i]! + cols.length;
  });
  const model = h.createModel({
    numCols,
    numRows: rowCols.length,
    sense:
      stage.sense === 'maximize' ? h.constants.objectiveSense.maximize : h.constants.objectiveSense.minimize,
    colCost: Float64Array.from({ length: numCols }, (_, j) =>
      j < n ? stage.cost(j) : stage.extra[j - n]!.cost,
    ),
    colLower: Float64Array.from({ length: numCols }, (_, j) => (j < n ? 0 : stage.extra[j - n]!.lower)),
    colUpper: Float64Array.from({ length: numCols }, (_, j) => (j < n ? 1 : stage.extra[j - n]!.upper)),
    rowLower: Float64Array.from(lower),
    rowUpper: Float64Array.from(upper),
    matrix: {
      format: 'csr',
      numRows: rowCols.length,
      numCols,
      starts,
      indices: Int32Array.from(rowCols.flat()),
      values: Float64Array.from(rowCoefs.flat()),
    },
    ...(stage.integer ? { integrality: new Int32Array(numCols).fill(h.constants.variableType.integer) } : {}),
  });
  try {
    model.options.set({
      output_flag: false,
      random_seed: seed % 2_147_483_647,
      mip_max_nodes: MAX_NODES,
      simplex_iteration_limit: MAX_SIMPLEX_ITERATIONS,
      mip_rel_gap: 0,
      mip_abs_gap: 0.5,
    });
    if (stage.start && numCols > 0) {
      // a start is a hint: HiGHS refusing it (a rounding it finds infeasible) only costs time
      try {
        model.setSolution({ colValue: stage.start });
      } catch {}
    }
    model.run();
    const status = model.getModelStatus();
    const optimal = status === h.constants.modelStatus.optimal;
    const info = (name: string) => Number(model.info.get(name));
    const hasSolution = optimal || info('primal_solution_status') === 2;
    const objective = hasSolution ? model.getObjectiveValue() : Number.NaN;
    return {
      status: optimal ? 'optimal' : hasSolution ? 'limited' : 'failed',
      objective,
      bound: stage.integer ? info('mip_dual_bound') : objective,
      values: hasSolution ? model.getSolution().colValue : null,
    };
  } finally {
    model.dispose();
  }
}

/** The State of the locked meetings plus the model's variables set to 1. */
function stateOf(input: ScheduleInput, m: Model, values: Float64Array, work: number): State {
  const st = new State(input);
  placeLocked(st);
  for (let v = 0; v < m.r.length; v++) if (values[v]! > 0.5) st.place(m.r[v]!, m.s[v]!);
  st.work = work;
  return st;
}

/** The heuristic's schedule as the model's variables. */
function valuesOf(m: Model, st: State): Float64Array {
  const values = new Float64Array(m.r.length);
  for (let v = 0; v < m.r.length; v++)
    if (st.slotOf[m.r[v]!] === m.s[v] && !st.locked[m.r[v]!]) values[v] = 1;
  return values;
}

const extend = (values: Float64Array, extra: number[]) => Float64Array.from([...values, ...extra]);

/** The schedule, its proven ceiling and gap, and optimality when proven (see the top of this file). */
export async function scheduleProven(input: ScheduleInput, highsWasm: string): Promise<ScheduleResult> {
  const seed = input.options?.seed ?? 1;
  const heuristic = improve(input);
  const base = new State(input);
  placeLocked(base);
  const m = buildModel(base);
  const n = m.r.length;

  // the flow bound, always (milliseconds); the solver's, tighter, on programmes small enough
  let ceiling = flowCeiling(base, m, input);
  let best = heuristic;
  let optimal = false;
  // a must-meet request weighs more than every ordinary one together: most must-meet, then most placed
  const weight = input.requests.length + 1;
  const mustVars = Array.from({ length: n }, (_, v) => v).filter((v) => base.must[m.r[v]!]);
  const maximizePlaced: Stage = {
    extra: [],
    rows: [],
    cost: (v) => (base.must[m.r[v]!] ? weight : 1),
    sense: 'maximize',
    integer: false,
  };

  if (n === 0) optimal = true;
  else if (n <= EXACT_MAX_VARIABLES) {
    // HiGHS is loaded for the programmes it solves only: a larger one needs the flow bound alone
    const h = await highs(highsWasm);
    // 1. most placed (the MIP's own bound is at least as tight as the LP's); proven without the solver when
    // the heuristic already meets the flow ceiling with every must-meet request placed
    const start = valuesOf(m, heuristic);
    const mustAll =
      mustVars.length === 0 || countSet(start, n, mustVars) === new Set(mustVars.map((v) => m.r[v])).size;
    const most: Solved =
      heuristic.placedCount() >= ceiling && mustAll
        ? { status: 'optimal', objective: Number.NaN, bound: ceiling - m.lockedPlaced, values: start }
        : solve(h, m, { ...maximizePlaced, integer: true, start }, seed);
    if (most.values && most.values !== start) {
      const st = stateOf(input, m, most.values, heuristic.work);
      if (better(st, best, involvedCompanies(st))) best = st;
    }
    // with must-meet weights the solver's bound is of the weighted sum, not of the placed
    if (most.status !== 'failed' && mustVars.length === 0)
      ceiling = Math.min(ceiling, m.lockedPlaced + Math.floor(most.bound + 1e-6));
    if (most.status === 'optimal' && most.values)
      optimal = fairest(
        h,
        m,
        input,
        { all: countSet(most.values, n), must: countSet(most.values, n, mustVars) },
        seed,
        (st) => {
          best = st;
        },
        heuristic.work,
        best,
      );
  }
  const out = result(best);
  const upperBound = Math.max(out.stats.placed, Math.min(ceiling, out.stats.upperBound));
  out.stats.upperBound = upperBound;
  out.stats.optimal = optimal;
  out.stats.gapPct = optimal ? 0 : gapPct(out.stats.placed, upperBound);
  return out;
}

/** The flow bound of the programme with its locked meetings in: the locked ones and the most the rest can add. */
function flowCeiling(base: State, m: Model, input: ScheduleInput): number {
  const open = [...new Set(m.r)].map((r) => ({
    a: base.ra[r]!,
    b: base.rb[r]!,
    inPerson: base.needsTable[r] === 1,
  }));
  let freeTables = 0;
  for (let s = 0; s < base.S; s++) freeTables += Math.max(0, base.T - base.tableUse[s]!);
  return m.lockedPlaced + flowBound(base.C, ceilingsOf(m, input), open, freeTables);
}

/** The flow bound alone, as every run computes it (the ceiling of the programmes too large to solve). */
export function provenFlowCeiling(input: ScheduleInput): number {
  const base = new State(input);
  placeLocked(base);
  return flowCeiling(base, buildModel(base), input);
}

/**
 * Each company's own ceiling of meetings still to come: its quota left, and the most of its requests that
 * can take distinct slots (a maximum matching of its requests to the slots each could go in), which is
 * tighter than counting requests and slots apart when several requests fit the same few slots only.
 */
function ceilingsOf(m: Model, input: ScheduleInput): Int32Array {
  const out = new Int32Array(input.companies.length);
  m.companyVars.forEach((vars, c) => {
    const left = Math.max(0, Math.floor(input.companies[c]!.quota) - m.lockedCount[c]!);
    out[c] = Math.min(left, requestSlotMatching(vars.map((v) => [m.r[v]!, m.s[v]!] as const)));
  });
  return out;
}

/** The size of a maximum matching of requests to slots over the (request, slot) pairs given (Kuhn). */
export function requestSlotMatching(pairs: readonly (readonly [number, number])[]): number {
  const slotsOf = new Map<number, number[]>();
  for (const [r, s] of pairs) {
    const list = slotsOf.get(r);
    if (list) list.push(s);
    else slotsOf.set(r, [s]);
  }
  const holder = new Map<number, number>();
  let size = 0;
  for (const r of slotsOf.keys()) {
    const seen = new Set<number>();
    // an augmenting path from r, depth first, without recursion
    const stack: { r: number; k: number }[] = [{ r, k: 0 }];
    const path: [number, number][] = [];
    let found = false;
    while (stack.length && !found) {
      const top = stack[stack.length - 1]!;
      const options = slotsOf.get(top.r)!;
      if (top.k >= options.length) {
        stack.pop();
        path.pop();
        continue;
      }
      const s = options[top.k++]!;
      if (seen.has(s)) continue;
      seen.add(s);
      path.push([top.r, s]);
      const other = holder.get(s);
      if (other === undefined) found = true;
      else stack.push({ r: other, k: 0 });
    }
    if (!found) continue;
    for (const [q, s] of path) holder.set(s, q);
    size++;
  }
  return size;
}

/** How many of the variables (all, or those listed) are set to 1. */
function countSet(values: Float64Array, n: number, only?: number[]): number {
  let k = 0;
  for (const v of only ?? Array.from({ length: n }, (_, j) => j)) if (values[v]! > 0.5) k++;
  return k;
}

/**
 * Stages 2 and 3 with the must-meet and all placed fixed at their optimum: the highest minimum of
 * meetings per company, then the fewest companies at it. Each is proven at once when the schedule in hand
 * meets the companies' own ceilings (quota left, and a maximum matching of their requests to slots); else
 * solved. Hands over the fairest schedule proven, and answers whether it is.
 */
function fairest(
  h: Highs,
  m: Model,
  input: ScheduleInput,
  placed: { all: number; must: number },
  seed: number,
  keep: (st: State) => void,
  work: number,
  start: State,
): boolean {
  const n = m.r.length;
  const companies = [...m.companyVars.entries()];
  const own = ceilingsOf(m, input);
  const ceilings = companies.map(([c]) => m.lockedCount[c]! + own[c]!);
  const lowestCeiling = Math.min(...ceilings);
  const atCeiling = (t: number) => ceilings.filter((x) => x === t).length;
  const countsOf = (st: State) => companies.map(([c]) => st.count[c]!);
  let current = start;
  let counts = countsOf(current);
  let minimum = Math.min(...counts);
  const all = Array.from({ length: n }, (_, v) => v);
  const must = all.filter((v) => input.requests[m.r[v]!]?.mustMeet);
  const placedRows = [
    { cols: all, coefs: all.map(() => 1), lower: placed.all, upper: Number.POSITIVE_INFINITY },
    ...(must.length
      ? [{ cols: must, coefs: must.map(() => 1), lower: placed.must, upper: Number.POSITIVE_INFINITY }]
      : []),
  ];
  if (minimum < lowestCeiling) {
    // 2. maximise t (column n) with every company's count at least t
    const fair = solve(
      h,
      m,
      {
        extra: [{ lower: 0, upper: input.requests.length, cost: 1 }],
        rows: [
          ...placedRows,
          ...companies.map(([c, vars]) => ({
            cols: [...vars, n],
            coefs: [...vars.map(() => 1), -1],
            lower: -m.lockedCount[c]!,
            upper: Number.POSITIVE_INFINITY,
          })),
        ],
        cost: () => 0,
        sense: 'maximize',
        integer: true,
        start: extend(valuesOf(m, current), [minimum]),
      },
      seed,
    );
    if (!fair.values) return false;
    current = stateOf(input, m, fair.values.subarray(0, n), work);
    keep(current);
    if (fair.status !== 'optimal') return false;
    counts = countsOf(current);
    minimum = Math.round(fair.objective);
  }
  const atMinimum = counts.filter((x) => x === minimum).length;
  if (atMinimum === atCeiling(minimum)) return true;
  // 3. the fewest companies at the minimum, then the highest total score (scaled below one company):
  // y_k (columns n + k) is 1 when company k stays at the minimum; a company whose ceiling is the minimum
  // stays there whatever the schedule (its y is fixed at 1)
  const scoreOf = (v: number) => Math.max(0, input.requests[m.r[v]!]?.score ?? 0);
  const scale = 1 + all.reduce((sum, v) => sum + scoreOf(v), 0);
  const fewest = solve(
    h,
    m,
    {
      extra: companies.map((_, k) => ({ lower: ceilings[k] === minimum ? 1 : 0, upper: 1, cost: -scale })),
      rows: [
        ...placedRows,
        ...companies.flatMap(([c, vars], k) => [
          {
            cols: [...vars, n + k],
            coefs: [...vars.map(() => 1), 1],
            lower: minimum + 1 - m.lockedCount[c]!,
            upper: Number.POSITIVE_INFINITY,
          },
          {
            cols: vars,
            coefs: vars.map(() => 1),
            lower: minimum - m.lockedCount[c]!,
            upper: Number.POSITIVE_INFINITY,
          },
        ]),
      ],
      cost: scoreOf,
      sense: 'maximize',
      integer: true,
      start: extend(
        valuesOf(m, current),
        counts.map((x) => (x > minimum ? 0 : 1)),
      ),
    },
    seed,
  );
  if (!fewest.values) return false;
  keep(stateOf(input, m, fewest.values.subarray(0, n), work));
  return fewest.status === 'optimal';
}
