import type { LeftOutReason, ProgrammeView } from '@evt/contracts/b2b';

export interface RequestLine {
  id: number;
  from_id: number;
  to_id: number;
  status: string;
  must_meet: boolean;
  from_name: string;
  to_name: string;
}

type LeftOut = ProgrammeView['unplaced'][number];
type Shortfall = ProgrammeView['shortfalls'][number];

const LIVE = new Set(['pending', 'accepted']);

/**
 * What the schedule leaves out, told in full: every live request without a meeting with its reason (the
 * scheduler's, or that it never reached the scheduler), and every company with fewer meetings than it
 * asked for. A company asks for one meeting per live request it sent or received, up to the quota.
 */
export function shortfallsOf(input: {
  companies: readonly { id: number; name: string }[];
  requests: readonly RequestLine[];
  /** request ids with a meeting that is not cancelled */
  met: ReadonlySet<number>;
  /** the last run's reasons, by request id */
  unplaced: ReadonlyMap<number, string>;
  mutualAcceptance: boolean;
  quota: number;
}): { leftOut: LeftOut[]; shortfalls: Shortfall[] } {
  const reasonOf = (r: RequestLine): LeftOutReason => {
    if (input.mutualAcceptance && r.status === 'pending') return 'awaiting_answer';
    return (input.unplaced.get(Number(r.id)) as LeftOutReason | undefined) ?? 'not_scheduled';
  };
  const live = input.requests.filter((r) => LIVE.has(r.status));
  const leftOut = live
    .filter((r) => !input.met.has(Number(r.id)))
    .map((r) => ({
      requestId: Number(r.id),
      fromId: Number(r.from_id),
      toId: Number(r.to_id),
      fromName: r.from_name ?? '',
      toName: r.to_name ?? '',
      reason: reasonOf(r),
      mustMeet: Boolean(r.must_meet),
    }));
  const shortfalls = input.companies.flatMap((c) => {
    const mine = live.filter((r) => Number(r.from_id) === c.id || Number(r.to_id) === c.id);
    const placed = mine.filter((r) => input.met.has(Number(r.id))).length;
    const asked = Math.min(mine.length, input.quota);
    if (placed >= asked && asked > 0) return [];
    if (asked === 0 && placed > 0) return [];
    const missing = leftOut.filter((l) => mine.some((r) => Number(r.id) === l.requestId));
    return [{ companyId: c.id, companyName: c.name, asked, placed, missing }];
  });
  return { leftOut, shortfalls };
}

/** The companies with the fewest meetings, by name: the figure "fewest per company" says who. */
export function fewestOf(perCompany: ReadonlyMap<number, number>, names: ReadonlyMap<number, string>) {
  if (!perCompany.size) return [];
  const min = Math.min(...perCompany.values());
  return [...perCompany]
    .filter(([, n]) => n === min)
    .map(([id]) => names.get(id) ?? '')
    .sort((a, b) => a.localeCompare(b))
    .slice(0, 10);
}
