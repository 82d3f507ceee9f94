/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider, useToast, type ToastOptions } from './toast';

function Trigger({ options, label }: { options: ToastOptions; label: string }) {
  const { toast } = useToast();
  return <button onClick={() => toast(options)}>{label}</button>;
}

function DismissButton() {
  const { dismiss } = useToast();
  return <button onClick={dismiss}>dismiss all</button>;
}

function renderWithToasts() {
  return render(
    <ToastProvider>
      <Trigger label="save" options={{ title: 'Success', description: 'Gift created successfully' }} />
      <Trigger
        label="warn"
        options={{
          title: 'Session Warning',
          description: 'You will be logged out in 1 minute due to inactivity.',
          variant: 'destructive',
          durationMs: 10_000,
        }}
      />
      <DismissButton />
    </ToastProvider>,
  );
}

afterEach(() => {
  jest.useRealTimers();
});

describe('toasts', () => {
  it('shows one toast at a time: a second replaces the first', () => {
    renderWithToasts();
    fireEvent.click(screen.getByText('save'));
    expect(screen.getByText('Gift created successfully')).toBeTruthy();

    fireEvent.click(screen.getByText('warn'));
    expect(screen.queryByText('Gift created successfully')).toBeNull();
    expect(screen.getByText('Session Warning')).toBeTruthy();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain('You will be logged out in 1 minute');
  });

  it('hides a toast after 5 s by default and after its own duration when given', () => {
    jest.useFakeTimers();
    renderWithToasts();
    fireEvent.click(screen.getByText('save'));
    act(() => jest.advanceTimersByTime(4900));
    expect(screen.queryByText('Success')).not.toBeNull();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Success')).toBeNull();

    fireEvent.click(screen.getByText('warn'));
    act(() => jest.advanceTimersByTime(9900));
    expect(screen.queryByText('Session Warning')).not.toBeNull();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Session Warning')).toBeNull();
  });

  it('gives the replacing toast its full time', () => {
    jest.useFakeTimers();
    renderWithToasts();
    fireEvent.click(screen.getByText('save'));
    act(() => jest.advanceTimersByTime(4000));
    fireEvent.click(screen.getByText('save'));
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.queryByText('Success')).not.toBeNull();
  });

  it('closes on dismiss() and on its close button', () => {
    renderWithToasts();
    fireEvent.click(screen.getByText('save'));
    fireEvent.click(screen.getByText('dismiss all'));
    expect(screen.queryByText('Success')).toBeNull();

    fireEvent.click(screen.getByText('save'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Success')).toBeNull();
  });

  it('tells a dialog how much room the toast takes while it shows, at the top unless a page control is there', () => {
    const root = document.documentElement.style;
    const view = renderWithToasts();
    fireEvent.click(screen.getByText('save'));
    expect(root.getPropertyValue('--kcf-toast-top')).toMatch(/^\d+px$/);
    expect(root.getPropertyValue('--kcf-toast-bottom')).toBe('');
    expect(screen.getByRole('status').className).toBe('kcf-toast-region');
    fireEvent.click(screen.getByText('dismiss all'));
    expect(root.getPropertyValue('--kcf-toast-top')).toBe('');
    view.unmount();

    // A page header's button under the top spot: the toast goes to the bottom (every box here overlaps: jsdom lays nothing out).
    const header = document.createElement('header');
    header.className = 'kcf-page-header';
    header.innerHTML = '<button>Create User</button>';
    document.body.appendChild(header);
    const boxes = jest.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      top: 0,
      right: 400,
      bottom: 100,
      width: 400,
      height: 100,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    try {
      renderWithToasts();
      fireEvent.click(screen.getByText('save'));
      expect(screen.getByRole('status').className).toBe('kcf-toast-region kcf-toast-region--bottom');
      expect(root.getPropertyValue('--kcf-toast-bottom')).toMatch(/^\d+px$/);
      expect(root.getPropertyValue('--kcf-toast-top')).toBe('');
    } finally {
      boxes.mockRestore();
      header.remove();
    }
  });

  it('refuses to work outside a ToastProvider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<DismissButton />)).toThrow('useToast must be used inside <ToastProvider>');
    spy.mockRestore();
  });
});
