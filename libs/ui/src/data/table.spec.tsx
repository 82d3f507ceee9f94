/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { Table, TBody, Td, Th, THead, Tr } from './table';

function People({ actions = true, keyColumn }: { actions?: boolean; keyColumn?: 0 | 1 | 2 | 3 }) {
  return (
    <Table aria-label="People" keyColumn={keyColumn}>
      <THead>
        <Tr>
          <Th>Photo</Th>
          <Th>Name</Th>
          {actions && <Th align="right">Actions</Th>}
        </Tr>
      </THead>
      <TBody>
        <Tr>
          <Td>-</Td>
          <Td>Amina</Td>
          {actions && <Td>Edit</Td>}
        </Tr>
      </TBody>
    </Table>
  );
}

const frameOf = () => screen.getByRole('table', { name: 'People' }).closest('.kcf-table-scroll') as HTMLElement;

describe('Table on a narrow screen', () => {
  it('keeps the first column in view unless told another, or none', () => {
    const { unmount } = render(<People />);
    expect(frameOf().getAttribute('data-key-column')).toBe('1');
    unmount();
    const again = render(<People keyColumn={2} />);
    expect(frameOf().getAttribute('data-key-column')).toBe('2');
    again.unmount();
    render(<People keyColumn={0} />);
    expect(frameOf().hasAttribute('data-key-column')).toBe(false);
  });

  it("keeps a last column headed 'Actions' in view", () => {
    const { unmount } = render(<People />);
    expect(frameOf().hasAttribute('data-actions')).toBe(true);
    unmount();
    render(<People actions={false} />);
    expect(frameOf().hasAttribute('data-actions')).toBe(false);
  });

  it('shows no cue while the whole table fits', () => {
    render(<People />);
    expect(frameOf().hasAttribute('data-more-end')).toBe(false);
    expect(frameOf().hasAttribute('data-more-start')).toBe(false);
  });
});
