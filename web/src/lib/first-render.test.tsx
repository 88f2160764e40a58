import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstRenderDone } from './first-render';

function Probe({ seen }: { seen: boolean[] }) {
  const done = useFirstRenderDone();
  seen.push(done);
  return <p>{done ? 'complete' : 'first part'}</p>;
}

describe('useFirstRenderDone', () => {
  it("is false for the page's first render only, then true, and true at once for what mounts later", async () => {
    const first: boolean[] = [];
    const view = render(<Probe seen={first} />);
    expect(first[0]).toBe(false);
    expect(await view.findByText('complete')).toBeTruthy();
    expect(first.at(-1)).toBe(true);

    const later: boolean[] = [];
    render(<Probe seen={later} />);
    expect(later).toEqual([true]);
  });
});
