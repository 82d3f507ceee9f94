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

describe("Table's rows as cards on a phone", () => {
  const cells = () => [...screen.getByRole('table', { name: 'Children' }).querySelectorAll('tbody td')];
  const described = () => cells().map((cell) => [cell.getAttribute('data-label'), cell.getAttribute('data-card')]);

  function Children({ rows, keyColumn }: { rows: string[]; keyColumn?: 0 | 1 | 2 | 3 }) {
    return (
      <Table aria-label="Children" keyColumn={keyColumn}>
        <THead>
          <Tr>
            <Th hideOnCard>Photo</Th>
            <Th onSort={() => undefined}>Full Name</Th>
            <Th>Age</Th>
            <Th align="right">Actions</Th>
          </Tr>
        </THead>
        <TBody>
          {rows.map((name) => (
            <Tr key={name}>
              <Td>-</Td>
              <Td>{name}</Td>
              <Td>9</Td>
              <Td>Edit</Td>
            </Tr>
          ))}
          {rows.length === 0 && (
            <Tr>
              <Td colSpan={4}>No children found.</Td>
            </Tr>
          )}
        </TBody>
      </Table>
    );
  }

  it("labels each cell with its column's header and marks the title, the actions and what is left out", () => {
    render(<Children rows={['Amina']} keyColumn={2} />);
    expect(described()).toEqual([
      ['Photo', 'hidden'],
      ['Full Name', 'title'],
      ['Age', null],
      ['Actions', 'actions'],
    ]);
  });

  it('labels the rows that come later, and a message across the whole row has no label', async () => {
    const { rerender } = render(<Children rows={[]} />);
    expect(described()).toEqual([[null, 'whole']]);
    rerender(<Children rows={['Amina', 'Baraka']} />);
    // The new rows are labelled before the browser paints (a mutation observer's microtask).
    await Promise.resolve();
    const row = [
      ['Photo', 'hidden'],
      ['Full Name', null],
      ['Age', null],
      ['Actions', 'actions'],
    ];
    expect(described()).toEqual([...row, ...row]);
  });
});
