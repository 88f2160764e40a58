/**
 * A proven ceiling of the meetings a programme can hold, in milliseconds even for thousands of
 * companies: the fractional b-matching bound, computed as a maximum flow over the bipartite double cover
 * (source → company → partner's copy → sink, each company's capacity its own ceiling: quota left, slots
 * and requests it could still have). Every schedule is a b-matching, and a b-matching of value k gives
 * a flow of 2k, so half the maximum flow, rounded down, bounds the meetings. The tables bound the
 * in-person ones too. Max flow by Dinic's algorithm (integer capacities, so the result is exact).
 */

/** A request that can still be placed: its two companies, and whether it needs a table. */
export interface OpenRequest {
  a: number;
  b: number;
  inPerson: boolean;
}

class Network {
  private readonly head: Int32Array;
  private to: number[] = [];
  private cap: number[] = [];
  private next: number[] = [];
  private level: Int32Array;
  private iter: Int32Array;

  constructor(readonly n: number) {
    this.head = new Int32Array(n).fill(-1);
    this.level = new Int32Array(n);
    this.iter = new Int32Array(n);
  }

  add(u: number, v: number, c: number): void {
    for (const [x, y, k] of [
      [u, v, c],
      [v, u, 0],
    ] as const) {
      this.to.push(y);
      this.cap.push(k);
      this.next.push(this.head[x]!);
      this.head[x] = this.to.length - 1;
    }
  }

  private bfs(s: number, t: number): boolean {
    this.level.fill(-1);
    const queue = new Int32Array(this.n);
    let [qh, qt] = [0, 0];
    queue[qt++] = s;
    this.level[s] = 0;
    while (qh < qt) {
      const u = queue[qh++]!;
      for (let e = this.head[u]!; e !== -1; e = this.next[e]!) {
        const v = this.to[e]!;
        if (this.cap[e]! > 0 && this.level[v]! < 0) {
          this.level[v] = this.level[u]! + 1;
          queue[qt++] = v;
        }
      }
    }
    return this.level[t]! >= 0;
  }

  /** One augmenting path's flow from u, iteratively (no recursion depth limit). */
  private augment(s: number, t: number): number {
    const path: number[] = [];
    let u = s;
    for (;;) {
      if (u === t) {
        let f = Number.POSITIVE_INFINITY;
        for (const e of path) f = Math.min(f, this.cap[e]!);
        for (const e of path) {
          this.cap[e]! -= f;
          this.cap[e ^ 1]! += f;
        }
        return f;
      }
      let e = this.iter[u]!;
      while (e !== -1 && !(this.cap[e]! > 0 && this.level[this.to[e]!] === this.level[u]! + 1))
        e = this.next[e]!;
      this.iter[u] = e;
      if (e === -1) {
        if (path.length === 0) return 0;
        // dead end: retreat and skip the edge that led here
        this.level[u] = -1;
        const back = path.pop()!;
        u = this.to[back ^ 1]!;
        continue;
      }
      path.push(e);
      u = this.to[e]!;
    }
  }

  maxFlow(s: number, t: number): number {
    let flow = 0;
    while (this.bfs(s, t)) {
      this.iter.set(this.head);
      for (let f = this.augment(s, t); f > 0; f = this.augment(s, t)) flow += f;
    }
    return flow;
  }
}

/**
 * The most meetings the open requests can add: `capacity[c]` is company c's own ceiling, `tables` the
 * in-person meetings the slots' free tables can still hold.
 */
export function flowBound(
  companies: number,
  capacity: ArrayLike<number>,
  requests: readonly OpenRequest[],
  tables: number,
): number {
  const net = new Network(2 + 2 * companies);
  const [source, sink] = [0, 1];
  for (let c = 0; c < companies; c++) {
    if (capacity[c]! <= 0) continue;
    net.add(source, 2 + c, capacity[c]!);
    net.add(2 + companies + c, sink, capacity[c]!);
  }
  let online = 0;
  let inPerson = 0;
  for (const { a, b, inPerson: table } of requests) {
    net.add(2 + a, 2 + companies + b, 1);
    net.add(2 + b, 2 + companies + a, 1);
    if (table) inPerson++;
    else online++;
  }
  return Math.min(Math.floor(net.maxFlow(source, sink) / 2), online + Math.min(inPerson, tables));
}
