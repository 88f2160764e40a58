import { describe, expect, it } from 'vitest';
import { conflictsOf, sessionBody } from './planning';

const at = (
  id: number,
  start: string,
  end: string,
  room: string,
  speakers: { registrationId: number | null; name: string }[] = [],
) => ({
  id,
  day: '2027-01-22',
  start,
  end,
  room,
  speakers,
});

describe('planning conflicts', () => {
  it('flags a room used twice at once, whatever its case and spaces, and not back to back', () => {
    const others = [at(1, '10:00', '11:00', 'Auditorium'), at(2, '11:00', '12:00', 'Auditorium')];
    expect(conflictsOf(at(3, '10:30', '10:45', ' auditorium '), others)).toEqual([{ kind: 'room', with: 1 }]);
    expect(conflictsOf(at(3, '09:00', '10:00', 'Auditorium'), others)).toEqual([]);
    expect(conflictsOf({ ...at(3, '10:30', '10:45', 'Auditorium'), day: '2027-01-23' }, others)).toEqual([]);
  });

  it('flags a speaker in two places, by registration or by name, and leaves the session itself out', () => {
    const panelist = { registrationId: 7, name: 'Awa Diop' };
    const others = [
      at(1, '10:00', '11:00', 'A', [panelist]),
      at(2, '10:00', '11:00', 'B', [{ registrationId: null, name: 'Kenji Sato' }]),
    ];
    expect(
      conflictsOf(at(3, '10:30', '11:30', 'C', [{ registrationId: 7, name: 'Renamed' }]), others),
    ).toEqual([{ kind: 'speaker', with: 1, speaker: 'Renamed' }]);
    expect(
      conflictsOf(at(3, '10:30', '11:30', 'C', [{ registrationId: null, name: 'kenji sato' }]), others),
    ).toEqual([{ kind: 'speaker', with: 2, speaker: 'kenji sato' }]);
    expect(conflictsOf(at(1, '10:00', '11:00', 'A', [panelist]), others)).toEqual([]);
  });

  it('refuses a session ending before it starts with its own message', () => {
    const parsed = sessionBody.safeParse({
      title: 'x',
      day: '2027-01-22',
      start: '11:00',
      end: '10:00',
      room: 'A',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['planning.validation.endBeforeStart']);
  });
});
