import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ScrollTable } from './scroll-table';

function Members({ captionHidden }: { captionHidden?: boolean }) {
  return (
    <ScrollTable caption="Members" captionHidden={captionHidden}>
      <tbody>
        <tr>
          <td>Ada</td>
        </tr>
      </tbody>
    </ScrollTable>
  );
}

describe('ScrollTable', () => {
  it('wraps the table in a region named by its caption that the keyboard reaches', async () => {
    render(<Members />);
    const box = screen.getByRole('region', { name: 'Members' });
    expect(screen.getByRole('table', { name: 'Members' }).parentElement).toBe(box);
    await userEvent.tab();
    expect(box).toHaveFocus();
  });

  it('keeps the name when the caption is for assistive tech only', () => {
    render(<Members captionHidden />);
    expect(screen.getByRole('region', { name: 'Members' })).toBeTruthy();
    expect(screen.getByText('Members').className).toBe('sr-only');
  });
});
