import { TOAST_DURATION_MS } from '@app/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredToaster } from './DeferredToaster.tsx';
import * as styles from './Toaster.css.ts';
import { Toaster } from './Toaster.tsx';
import { resetToasts, toast } from './toast-store.ts';

const DeferredToaster = deferredToaster(() => import('./Toaster.tsx'));

afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('the toaster the root layout mounts', () => {
  it('loads after mounting and then shows a toast raised before it was there', async () => {
    act(() => {
      toast({ title: 'Profile Skipped' });
    });
    render(<DeferredToaster position="top" />);
    expect(await screen.findByRole('region', { name: /Notifications \(F8\)/ })).toBeInTheDocument();
    expect(
      await screen.findByText('Profile Skipped', { exact: true, selector: 'div' }),
    ).toBeVisible();
  });
});

describe('toasts', () => {
  it('shows a title and description in a notifications region reachable with F8', () => {
    render(<Toaster position="bottom" />);
    act(() => {
      toast({
        title: 'Booking Confirmed!',
        description: 'Your meeting has been scheduled successfully.',
      });
    });
    expect(screen.getByText('Booking Confirmed!', { exact: true, selector: 'div' })).toBeVisible();
    expect(
      screen.getByText('Your meeting has been scheduled successfully.', { selector: 'div' }),
    ).toBeVisible();
    const region = screen.getByRole('region', { name: /Notifications \(F8\)/ });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it('shows only one toast at a time: a new one replaces the current one', () => {
    render(<Toaster position="bottom" />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', variant: 'destructive' });
    });
    expect(screen.queryByText('First', { selector: 'div' })).not.toBeInTheDocument();
    expect(screen.getByText('Second', { selector: 'div' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('status').length + screen.queryAllByRole('alert').length,
    ).toBeGreaterThan(0);
  });

  it('runs the optional action and closes with the close button', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Toaster position="bottom" />);
    act(() => {
      toast({
        title: 'Error',
        action: { label: 'Try again', altText: 'Submit the form again', onClick },
      });
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onClick).toHaveBeenCalledOnce();

    act(() => {
      toast({ title: 'Profile Skipped' });
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Profile Skipped', { selector: 'div' })).not.toBeInTheDocument();
  });

  it('closes by itself after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster position="bottom" />);
    act(() => {
      toast({ title: 'Profile Updated' });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.getByText('Profile Updated', { selector: 'div' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Profile Updated', { selector: 'div' })).not.toBeInTheDocument();
  });

  it('places its region by the position it is given', () => {
    const { rerender } = render(<Toaster position="top" />);
    const region = () => screen.getByRole('region', { name: /Notifications \(F8\)/ });
    expect(region().querySelector('ol')).toHaveClass(styles.viewport.top);
    rerender(<Toaster position="bottom" />);
    expect(region().querySelector('ol')).toHaveClass(styles.viewport.bottom);
  });
});
