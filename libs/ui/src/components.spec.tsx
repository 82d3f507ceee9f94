/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar } from './avatar';
import { Button } from './button';
import { Table, TBody, Td, Th, THead, Tr } from './data/table';
import { ErrorCard } from './feedback/error-card';
import { OfflineBanner } from './feedback/offline-banner';

describe('Button', () => {
  it('disables itself and shows a spinner while loading', () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Create User
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Create User' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.kcf-spinner')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Th', () => {
  it('sorts on click and tells screen readers the direction', () => {
    const onSort = jest.fn();
    render(
      <Table>
        <THead>
          <Tr>
            <Th sort="asc" onSort={onSort}>
              Full Name
            </Th>
            <Th onSort={onSort}>Age</Th>
            <Th>Actions</Th>
          </Tr>
        </THead>
        <TBody>
          <Tr>
            <Td>Amani Wekesa</Td>
            <Td align="right">9</Td>
            <Td />
          </Tr>
        </TBody>
      </Table>,
    );
    const [name, age, actions] = screen.getAllByRole('columnheader');
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    expect(age.getAttribute('aria-sort')).toBe('none');
    expect(actions.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Full Name' }));
    expect(onSort).toHaveBeenCalledTimes(1);
  });
});

describe('ErrorCard', () => {
  it('offers a Retry button', () => {
    const onRetry = jest.fn();
    render(<ErrorCard title="Could not load gifts" message="500: Internal Server Error" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not load gifts');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('OfflineBanner', () => {
  it('shows one calm message only while offline', () => {
    const { rerender } = render(<OfflineBanner online />);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<OfflineBanner online={false} />);
    expect(screen.getByRole('status').textContent).toBe(
      'You are offline. Showing what was loaded; changes will not be saved until the connection returns.',
    );
    rerender(<OfflineBanner online={false} className="shell-offline" />);
    expect(screen.getByRole('status').className).toBe('kcf-offline shell-offline');
  });
});

describe('Avatar', () => {
  it('shows initials without a photo, and when the photo fails to load', () => {
    const { rerender } = render(<Avatar name="Amani Wekesa Otieno" />);
    expect(screen.getByRole('img', { name: 'Amani Wekesa Otieno' }).textContent).toBe('AO');

    rerender(<Avatar name="Amani Wekesa" src="/api/beneficiaries/KCF-000001/photo" />);
    const photo = screen.getByRole('img', { name: 'Amani Wekesa' });
    expect(photo.tagName).toBe('IMG');
    fireEvent.error(photo);
    expect(screen.getByRole('img', { name: 'Amani Wekesa' }).textContent).toBe('AW');
  });
});
