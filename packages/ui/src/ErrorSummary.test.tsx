import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorSummary, type FieldError } from './ErrorSummary.tsx';

const ERRORS: FieldError[] = [
  { field: 'email', message: 'Enter an email address.' },
  { field: 'password', message: 'Too short.', summary: 'Password: too short.' },
  { field: null, message: 'We could not sign you in.' },
];

describe('ErrorSummary', () => {
  it('shows nothing while there are no errors', () => {
    const { container } = render(<ErrorSummary errors={[]} attempt={1} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists each error, naming the field where the summary says more, and links to its field', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ErrorSummary errors={ERRORS} attempt={1} />
        <input id="email" aria-label="Email" />
        <input id="password" aria-label="Password" />
      </>,
    );
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent('Password: too short.');
    expect(summary).not.toHaveTextContent('Too short.');
    expect(summary).toHaveTextContent('We could not sign you in.');
    expect(screen.queryByRole('link', { name: 'We could not sign you in.' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Password: too short.' }));
    expect(screen.getByRole('textbox', { name: 'Password' })).toHaveFocus();
  });

  it('takes focus after a failed attempt, and again after the next one', () => {
    const { rerender } = render(<ErrorSummary errors={ERRORS} attempt={0} />);
    expect(screen.getByRole('alert')).not.toHaveFocus();

    rerender(<ErrorSummary errors={ERRORS} attempt={1} />);
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();

    summary.blur();
    rerender(<ErrorSummary errors={ERRORS} attempt={2} />);
    expect(summary).toHaveFocus();
  });

  it('takes focus when an attempt fails after it began (an answer from the server)', () => {
    const { rerender } = render(<ErrorSummary errors={[]} attempt={1} />);
    rerender(<ErrorSummary errors={[{ field: null, message: 'Try again.' }]} attempt={1} />);
    expect(screen.getByRole('alert')).toHaveFocus();
  });
});
