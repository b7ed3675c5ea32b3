import { MESSAGES } from '@app/contracts';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSiteApi, json } from '../../test/fakeFetch.ts';
import { renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/confirm-email', () => {
  it('posts the token once and says the address is confirmed', async () => {
    const api = fakeSiteApi({
      'POST /api/confirm-email': () => json({ status: 'confirmed', message: 'Email confirmed' }),
    });
    await renderApp('/confirm-email?token=tok-ok');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your email address is confirmed' }),
    ).toBeInTheDocument();
    expect(api.requests).toHaveLength(1);
    expect(await api.requests[0]?.json()).toEqual({ token: 'tok-ok' });
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
  });

  it.each([
    [409, 'TOKEN_USED', 'This link was already used'],
    [410, 'TOKEN_EXPIRED', 'This link has expired'],
    [404, 'NOT_FOUND', 'We do not recognise this link'],
  ])('answers %i with "%s"', async (status, code, heading) => {
    fakeSiteApi({
      'POST /api/confirm-email': () => json({ message: 'no', code }, status),
    });
    await renderApp(`/confirm-email?token=tok-${status}`);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('offers a new link for an expired one, to the address typed', async () => {
    const api = fakeSiteApi({
      'POST /api/confirm-email': () => json({ message: 'no', code: 'TOKEN_EXPIRED' }, 410),
      'POST /api/confirm-email/resend': () => json({ message: MESSAGES.confirmationResent }, 202),
    });
    await renderApp('/confirm-email?token=tok-old');
    await screen.findByRole('heading', { level: 1, name: 'This link has expired' });
    const button = screen.getByRole('button', { name: MESSAGES.resendConfirmation });
    await userEvent.click(button);
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      MESSAGES.enterEmail,
    );
    expect(document.title).toMatch(/^Error: This link has expired/);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If ada@example.com still needs confirming, a new confirmation email is on its way.',
    );
    expect(document.title).toMatch(/^This link has expired/);
    const resend = api.requests.find((r) => r.url.endsWith('/api/confirm-email/resend'));
    expect(await resend?.json()).toEqual({ email: 'ada@example.com' });
  });

  it('offers no new link for a link that worked', async () => {
    fakeSiteApi({
      'POST /api/confirm-email': () => json({ status: 'confirmed', message: 'Email confirmed' }),
    });
    await renderApp('/confirm-email?token=tok-fine');
    await screen.findByRole('heading', { level: 1, name: 'Your email address is confirmed' });
    expect(screen.queryByRole('button', { name: MESSAGES.resendConfirmation })).toBeNull();
  });

  it('shows "Error: {message}" when the call fails otherwise, and Try again sends it again', async () => {
    let calls = 0;
    const api = fakeSiteApi({
      'POST /api/confirm-email': () => {
        calls += 1;
        return calls === 1
          ? new Response('boom', { status: 500 })
          : json({ status: 'confirmed', message: 'Email confirmed' });
      },
    });
    await renderApp('/confirm-email?token=tok-500');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: 500: boom');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your email address is confirmed' }),
    ).toBeInTheDocument();
    expect(api.requests).toHaveLength(2);
  });

  it('explains a link without a token and sends nothing', async () => {
    const api = fakeSiteApi({});
    await renderApp('/confirm-email');
    expect(
      screen.getByRole('heading', { level: 1, name: 'This link is incomplete' }),
    ).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
