import type { Member } from '@evt/contracts/upstream-members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';

/** Choose one of `candidates` and add them (to a commission, to a task); the choice clears once done. */
export function MemberPicker({
  label,
  submitLabel,
  candidates,
  busy,
  onPick,
}: {
  label: string;
  submitLabel: string;
  candidates: readonly Member[];
  busy: boolean;
  onPick: (userId: number, done: () => void) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState('');
  return (
    <div className="member-picker">
      <Select
        label={label}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        options={[
          { value: '', label: t('console.commissions.chooseMember') },
          ...candidates.map((m) => ({
            value: String(m.userId),
            label: t('common.fullName', { first: m.firstName, last: m.lastName }),
          })),
        ]}
      />
      <Button
        size="sm"
        variant="secondary"
        disabled={!chosen}
        busy={busy}
        onClick={() => onPick(Number(chosen), () => setChosen(''))}
      >
        {submitLabel}
      </Button>
    </div>
  );
}
