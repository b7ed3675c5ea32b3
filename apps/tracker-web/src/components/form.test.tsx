import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useTypedEarly } from './form.ts';

/** A field the page's HTML held, typed into before the app's scripts ran (its defaultValue). */
function EarlyField({ typed }: { typed: string }) {
  const [email, setEmail] = useState('');
  useTypedEarly('email', setEmail);
  return (
    <>
      <input id="email" aria-label="Email address" defaultValue={typed} />
      <output>{email}</output>
    </>
  );
}

describe('a prerendered form taken over by the app', () => {
  it('keeps what was typed before the app started', () => {
    render(<EarlyField typed="ada@example.com" />);
    expect(screen.getByRole('status')).toHaveTextContent('ada@example.com');
  });

  it('leaves an empty field empty', () => {
    render(<EarlyField typed="" />);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
