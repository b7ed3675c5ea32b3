import { ApiError } from '@app/api-client';
import { MESSAGES } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_NOTICE_ID } from './components/HoldStatus.tsx';
import { YES_CHOICE } from './screens/TeamScreen.tsx';
import { signInAddress } from './signIn.ts';
import { fakeApi, type Harness, renderOnboarding } from './test/harness.tsx';

const HOLD_ID = '0b0f5f1e-8f43-4c55-9a5a-6f1d2c3b4a59';
const TOKEN = 'k3Jd9sQ2vX7mP4nR8tW1yZ5bC6fH0gLa';
const TAKEN =
  'An account with this email address already exists. Sign in instead, or use another address.';

let harness: Harness | null = null;
afterEach(() => {
  harness?.unmount();
  harness = null;
});

describe('signInAddress', () => {
  it("sends the person to the tracker's sign-in with Find a team and the seat next, encoded", () => {
    const address = signInAddress({ seat: { id: HOLD_ID, key: TOKEN } }, '/sign-in');
    expect(address).toBe(`/sign-in?next=%2Ffind-a-team%3Fseat%3D${HOLD_ID}%26key%3D${TOKEN}`);
    expect(new URL(address, 'http://site.test').searchParams.get('next')).toBe(
      `/find-a-team?seat=${HOLD_ID}&key=${TOKEN}`,
    );
    expect(signInAddress({ seat: null }, 'https://tracker.test/sign-in')).toBe(
      'https://tracker.test/sign-in?next=%2Ffind-a-team',
    );
  });
});

type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Through the yes path to the account step, and a sign-up with an address that has an account. */
async function toTakenAddress(user: User) {
  await user.click(await screen.findByRole('radio', { name: 'Employee' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('button', { name: YES_CHOICE }));
  await fill(user, screen.getByLabelText('Your Name'), 'Grace');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await fill(user, screen.getByLabelText('Tell your team one sentence about your goals'), 'Ship');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Yes, you can count on me' }));
  await user.click(screen.getByRole('button', { name: "Yes, I'll join the check-ins" }));
  expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  await fill(user, screen.getByLabelText('Email'), 'grace@example.com');
  await fill(user, screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: /^Submit join request/ }));
  return screen.findByRole('button', { name: 'Sign in' });
}

const emailTaken = async () => {
  throw new ApiError(TAKEN, {
    kind: 'http',
    status: 409,
    code: 'EMAIL_TAKEN',
    data: { message: TAKEN, code: 'EMAIL_TAKEN' },
  });
};

describe('the account step when the address already has an account', () => {
  it('offers Sign in beside the refusal; it hands the held seat over and opens the sign-in', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: (value: { token: string }) => void = () => {};
    const handOverHold = vi.fn(
      () =>
        new Promise<{ token: string }>((resolve) => {
          answer = resolve;
        }),
    );
    harness = renderOnboarding({
      path: '/onboarding/work/role',
      api: fakeApi({ createUser: emailTaken, handOverHold }),
    });
    const signIn = await toTakenAddress(user);
    // The refusal's own words stay, beside the field; the offer says what comes along.
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(TAKEN);
    expect(screen.getByText(MESSAGES.accountSignInHint('Morning Movers'))).toBeInTheDocument();
    expect(signIn).toHaveAccessibleDescription(MESSAGES.accountSignInHint('Morning Movers'));
    await user.click(signIn);
    expect(handOverHold).toHaveBeenCalledWith(HOLD_ID, 'grace@example.com', expect.anything());
    // Under way: the button says so and stays focusable; nothing else can be sent meanwhile.
    const going = screen.getByRole('button', { name: MESSAGES.accountSigningIn });
    expect(going).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText('Submitting...')).not.toBeInTheDocument();
    expect(harness.left).toEqual([]);
    answer({ token: TOKEN });
    await waitFor(() => expect(harness?.left).toHaveLength(1));
    const next = new URL(harness.left[0] ?? '', 'http://site.test');
    expect(next.pathname).toBe('/sign-in');
    expect(next.searchParams.get('next')).toBe(`/find-a-team?seat=${HOLD_ID}&key=${TOKEN}`);
    // The seat went with the person: the page going away does not give it back.
    expect(harness.api.releaseHold).not.toHaveBeenCalled();
  }, 15_000);

  it('says the slot ran out when the server no longer holds it, keeps everything, and offers to take it again', async () => {
    const user = userEvent.setup({ delay: null });
    const handOverHold = vi.fn(async (): Promise<{ token: string }> => {
      throw new ApiError('The seat held for you has run out.', {
        kind: 'http',
        status: 410,
        code: 'HOLD_EXPIRED',
      });
    });
    harness = renderOnboarding({
      path: '/onboarding/work/role',
      api: fakeApi({ createUser: emailTaken, handOverHold }),
    });
    await user.click(await toTakenAddress(user));
    expect(await screen.findByText(MESSAGES.holdSignInReleased)).toBeInTheDocument();
    // Focus goes to the notice that offers the slot again; the page and what was typed stay.
    await waitFor(() => expect(document.activeElement?.id).toBe(HOLD_NOTICE_ID));
    expect(screen.getByRole('button', { name: MESSAGES.holdRetake })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(TAKEN);
    expect(harness.history.location.pathname).toBe('/onboarding/work/account');
    expect(harness.left).toEqual([]);
    // Taken again, the slot goes to the sign-in this time.
    handOverHold.mockImplementation(async () => ({ token: TOKEN }));
    await user.click(screen.getByRole('button', { name: MESSAGES.holdRetake }));
    await waitFor(() => expect(screen.queryByText(MESSAGES.holdSignInReleased)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(harness?.left).toHaveLength(1));
  }, 15_000);

  it('says so when the hand-over fails for another reason, and Sign in can be pressed again', async () => {
    const user = userEvent.setup({ delay: null });
    const handOverHold = vi.fn(async (): Promise<{ token: string }> => {
      throw new ApiError('Network error. Please try again later.', { kind: 'network' });
    });
    harness = renderOnboarding({
      path: '/onboarding/work/role',
      api: fakeApi({ createUser: emailTaken, handOverHold }),
    });
    await user.click(await toTakenAddress(user));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.accountSignInFailed);
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    expect(harness.left).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(handOverHold).toHaveBeenCalledTimes(2));
  }, 15_000);

  it('does not offer Sign in for a refusal that is not about an existing account', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({
      path: '/onboarding/work/role',
      api: fakeApi({
        createUser: async () => {
          throw new ApiError('Network error. Please try again later.', { kind: 'network' });
        },
      }),
    });
    await expect(toTakenAddress(user)).rejects.toThrow();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error.');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  }, 15_000);
});
