import { ApiError } from '@app/api-client';
import { MESSAGES, STORAGE_KEYS } from '@app/contracts';
import { SNAPSHOT_STORAGE_KEY } from '@app/onboarding';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { YES_CHOICE } from './screens/TeamScreen.tsx';
import {
  fakeApi,
  type Harness,
  imageHead,
  memoryStorage,
  renderOnboarding,
} from './test/harness.tsx';

let harness: Harness | null = null;
afterEach(() => {
  harness?.unmount();
  harness = null;
});

/** Types by pasting: as a user would see it, without a key event per character. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const heading = () => screen.getByRole('heading', { level: 1 });
const path = () => harness?.history.location.pathname;

async function toTeam(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Employee' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', {
    name: 'You\'re in luck! Team "Morning Movers" has one slot left.',
  });
}

describe('the yes path', () => {
  it('goes from the role step to the thank-you screen, URL and title following', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({ path: '/onboarding/work/role' });
    expect(
      await screen.findByRole('heading', { name: 'Which best describes your role at work?' }),
    ).toHaveFocus();
    expect(screen.getByText('Step 1 of 8')).toBeInTheDocument();
    expect(document.title).toContain('Step 1 of 8');

    await toTeam(user);
    expect(path()).toBe('/onboarding/work/team');
    expect(harness.api.submitOnboarding).toHaveBeenCalledWith(
      { category: 'work', focusArea: 'Employee' },
      expect.anything(),
    );
    // Only Active members are shown, with photo, about and quoted goal, then the open spot.
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByText('Pending Pat')).not.toBeInTheDocument();
    expect(screen.getByText('"Finish the engine notes"')).toBeInTheDocument();
    expect(screen.getByText('Your spot')).toBeInTheDocument();
    expect(
      screen.getByText("We're holding this slot on this team for 10:00 more minutes."),
    ).toBeInTheDocument();
    expect(harness.storage.values.get(STORAGE_KEYS.selectedTeamName)).toBe('Morning Movers');

    await user.click(screen.getByRole('button', { name: YES_CHOICE }));
    expect(path()).toBe('/onboarding/work/intro');
    const next = screen.getByRole('button', { name: 'Next' });
    // Spec 5: Next is enabled only once the trimmed name is non-blank; until then it stays
    // focusable, aria-disabled and described by the hint, and pressing it does nothing.
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await fill(user, screen.getByLabelText('Your Name'), '   ');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAccessibleDescription(MESSAGES.nameHint);
    await user.click(next);
    expect(path()).toBe('/onboarding/work/intro');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await fill(user, screen.getByLabelText('Your Name'), 'Grace');
    expect(next).not.toHaveAttribute('aria-disabled');
    expect(screen.getByLabelText('Your Name')).toHaveAttribute('autocomplete', 'name');
    await user.click(next);
    expect(harness.storage.values.get(STORAGE_KEYS.name)).toBe('Grace');

    expect(heading()).toHaveTextContent('Join Request Almost Sent');
    const goalNext = screen.getByRole('button', { name: 'Next' });
    await fill(user, screen.getByLabelText('Tell your team one sentence about your goals'), ' \n ');
    expect(goalNext).toHaveAttribute('aria-disabled', 'true');
    expect(goalNext).toHaveAccessibleDescription(MESSAGES.goalHint);
    await fill(
      user,
      screen.getByLabelText('Tell your team one sentence about your goals'),
      'Ship it',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Yes, you can count on me' }));
    expect(path()).toBe('/onboarding/work/sync');
    await user.click(screen.getByRole('button', { name: "Yes, I'll join the check-ins" }));

    expect(path()).toBe('/onboarding/work/account');
    expect(screen.getByText('Step 7 of 8')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Email'), 'grace@example.com');
    await fill(user, screen.getByLabelText('Password'), 'secret1');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    await user.click(
      screen.getByRole('button', { name: 'Submit join request to Team Morning Movers' }),
    );

    await screen.findByRole('heading', { name: 'Join Request Sent to Team Morning Movers!' });
    expect(path()).toBe('/onboarding/work/confirm');
    expect(harness.api.createUser).toHaveBeenCalledWith(
      {
        email: 'grace@example.com',
        password: 'secret1',
        name: 'Grace',
        goalSummary: 'Ship it',
        teamId: '7',
        areaName: 'work',
        roleName: 'Employee',
      },
      expect.anything(),
    );
    expect(harness.storage.values.get(STORAGE_KEYS.createdUserId)).toBe('42');
    expect(harness.toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: MESSAGES.joinRequestSuccessTitle }),
    );
    expect(harness.track).toHaveBeenCalledTimes(1);
    expect(harness.track).toHaveBeenCalledWith('Onboard_success_page_loaded');

    await fill(user, screen.getByLabelText('About me'), 'I like engines');
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    await screen.findByRole('heading', { name: "You're All Set!" });
    expect(path()).toBe('/thank-you');
    expect(screen.getByText('Your profile has been saved.')).toBeInTheDocument();
    expect(harness.api.updateProfile).toHaveBeenCalledWith(
      '42',
      { aboutMe: 'I like engines' },
      expect.anything(),
    );
    // An ended flow is not restored on reload.
    expect(harness.storage.values.has(SNAPSHOT_STORAGE_KEY)).toBe(false);
  }, 20_000);
});

describe('router and machine', () => {
  it('browser back goes to the previous step, like Go back', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({ path: '/onboarding/work/role' });
    await screen.findByRole('radio', { name: 'Employee' });
    await toTeam(user);
    await user.click(screen.getByRole('button', { name: YES_CHOICE }));
    expect(path()).toBe('/onboarding/work/intro');
    harness.history.back();
    await screen.findByRole('heading', { name: /You're in luck!/ });
    expect(path()).toBe('/onboarding/work/team');
    harness.history.forward();
    await screen.findByLabelText('Your Name');
    expect(path()).toBe('/onboarding/work/intro');
  });

  it('Go back returns to the entry before, so Forward retraces the step it undid', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({ path: '/onboarding/work/role' });
    await screen.findByRole('radio', { name: 'Employee' });
    await toTeam(user);
    await user.click(screen.getByRole('button', { name: YES_CHOICE }));
    await fill(user, screen.getByLabelText('Your Name'), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(path()).toBe('/onboarding/work/goal');
    const entries = harness.history.length;

    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByLabelText('Your Name')).toHaveValue('Grace');
    expect(path()).toBe('/onboarding/work/intro');
    // Back, not a new entry: the goal step is still ahead.
    expect(harness.history.length).toBe(entries);
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await screen.findByRole('heading', { name: /You're in luck!/ });
    expect(path()).toBe('/onboarding/work/team');

    harness.history.forward();
    expect(await screen.findByLabelText('Your Name')).toHaveValue('Grace');
    expect(path()).toBe('/onboarding/work/intro');
    harness.history.forward();
    await screen.findByLabelText('Tell your team one sentence about your goals');
    expect(path()).toBe('/onboarding/work/goal');
    expect(harness.history.length).toBe(entries);
  });

  it('Go back on a step the page opened on shows the step before as a new entry', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({ path: '/onboarding/work/role' });
    await screen.findByRole('radio', { name: 'Employee' });
    await toTeam(user);
    await user.click(screen.getByRole('button', { name: YES_CHOICE }));
    await fill(user, screen.getByLabelText('Your Name'), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText('Tell your team one sentence about your goals');
    const { storage, clock } = harness;
    harness.unmount();

    // The goal step opened directly (a link, a new tab): no entry of this page before it.
    harness = renderOnboarding({ path: '/onboarding/work/goal', storage, now: clock.now });
    await screen.findByLabelText('Tell your team one sentence about your goals');
    expect(harness.history.length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByLabelText('Your Name')).toHaveValue('Grace');
    expect(path()).toBe('/onboarding/work/intro');
    expect(harness.history.length).toBe(2);
  });

  it('puts a typed URL to an unreachable step back to the current step', async () => {
    const user = userEvent.setup({ delay: null });
    // A later step of a known area, typed first: that area starts at its role step.
    harness = renderOnboarding({ path: '/onboarding/work/account' });
    await screen.findByRole('radio', { name: 'Employee' });
    await waitFor(() => expect(path()).toBe('/onboarding/work/role'));

    await toTeam(user);
    harness.history.push('/onboarding/work/sync');
    await waitFor(() => expect(path()).toBe('/onboarding/work/team'));
    expect(heading()).toHaveTextContent("You're in luck!");

    // An end screen is no shortcut either while the flow is under way.
    harness.history.push('/thank-you');
    await waitFor(() => expect(path()).toBe('/onboarding/work/team'));
    expect(heading()).toHaveTextContent("You're in luck!");
  });

  it('restores the place after a reload and takes the seat the closing page gave back again', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({ path: '/onboarding/work/role' });
    await screen.findByRole('radio', { name: 'Employee' });
    await toTeam(user);
    await user.click(screen.getByRole('button', { name: YES_CHOICE }));
    expect(await screen.findByText('Slot held · 10:00')).toBeInTheDocument();
    const { storage, clock } = harness;
    harness.unmount();

    const api = fakeApi({
      createHold: vi.fn(async () => ({
        id: 'f1d2c3b4-0000-4000-8000-000000000002',
        teamId: 7,
        expiresAt: '2031-01-01T12:10:00.000Z',
        secondsLeft: 475,
      })),
    });
    harness = renderOnboarding({
      path: '/onboarding/work/intro',
      storage,
      api,
      now: clock.now + 125_000,
    });
    expect(await screen.findByLabelText('Your Name')).toBeInTheDocument();
    // The seat is held again, and counted from the server's answer.
    expect(api.createHold).toHaveBeenCalledWith('7', expect.anything());
    expect(await screen.findByText('Slot held · 7:55')).toBeInTheDocument();
  });

  it('keeps typed but unsent text across a reload and Back then Forward', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({ path: '/onboarding/work/role' });
    await screen.findByRole('radio', { name: 'Employee' });
    await toTeam(user);
    await user.click(screen.getByRole('button', { name: YES_CHOICE }));
    await fill(user, screen.getByLabelText('Your Name'), 'Grace');
    const { storage, clock } = harness;
    harness.unmount();

    harness = renderOnboarding({ path: '/onboarding/work/intro', storage, now: clock.now });
    expect(await screen.findByLabelText('Your Name')).toHaveValue('Grace');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const goal = await screen.findByLabelText('Tell your team one sentence about your goals');
    await fill(user, goal, 'Ship it');
    harness.history.back();
    await screen.findByLabelText('Your Name');
    harness.history.forward();
    expect(
      await screen.findByLabelText('Tell your team one sentence about your goals'),
    ).toHaveValue('Ship it');
  });
});

describe('role step', () => {
  it('asks for a goal on Other and shows the error summary, focused and linked', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({ path: '/onboarding/other/role' });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent(MESSAGES.enterGoal);
    const field = screen.getByPlaceholderText('Enter your specific goal');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(MESSAGES.enterGoal);
    await user.click(screen.getByRole('link', { name: MESSAGES.enterGoal }));
    expect(field).toHaveFocus();
  });

  it('for Other, starts the goal step with the goal typed on the role step', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({ path: '/onboarding/other/role' });
    await fill(user, await screen.findByPlaceholderText('Enter your specific goal'), 'Run a 10k');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: YES_CHOICE }));
    await fill(user, screen.getByLabelText('Your Name'), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Tell your team one sentence about your goals')).toHaveValue(
      'Run a 10k',
    );
  });

  it('shows the pending text while the selection is posted, and the error toast on failure', async () => {
    const user = userEvent.setup({ delay: null });
    let fail: (error: unknown) => void = () => undefined;
    const api = fakeApi({
      submitOnboarding: () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        }),
    });
    harness = renderOnboarding({ path: '/onboarding/school/role', api });
    await user.click(await screen.findByRole('radio', { name: 'College Student' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Processing your selection...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    fail(new Error('500: boom'));
    await waitFor(() =>
      expect(harness?.toast).toHaveBeenCalledWith({
        title: MESSAGES.onboardingErrorTitle,
        description: MESSAGES.onboardingError,
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('button', { name: 'Continue' })).not.toHaveAttribute('aria-disabled');
  });

  it('Go back is a link to the home page (spec 2)', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({ path: '/onboarding/god/role' });
    const back = await screen.findByRole('link', { name: 'Go back' });
    expect(back).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Go back' })).not.toBeInTheDocument();
    await user.click(back);
    await screen.findByRole('heading', { name: 'Home page' });
    expect(path()).toBe('/');
  });
});

describe('the start', () => {
  it('offers the four areas and goes to the chosen role step', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({ path: '/onboarding' });
    await user.click(await screen.findByRole('button', { name: /^God/ }));
    await screen.findByRole('radio', { name: 'Spiritually Young Christian' });
    expect(path()).toBe('/onboarding/god/role');
  });
});

describe('storage', () => {
  it('starts afresh when the stored snapshot is unreadable', async () => {
    harness = renderOnboarding({
      path: '/onboarding',
      storage: memoryStorage({ [SNAPSHOT_STORAGE_KEY]: '{not json' }),
    });
    expect(await screen.findByRole('button', { name: /^Work/ })).toBeInTheDocument();
  });
});

describe('maybe and no', () => {
  it('books a call: the date, the booking toast and the end screen', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({ path: '/onboarding/work/role' });
    await screen.findByRole('radio', { name: 'Employee' });
    await toTeam(user);
    await user.click(screen.getByRole('button', { name: 'Maybe' }));
    expect(path()).toBe('/onboarding/work/maybe');
    expect(
      await screen.findByText('Thursday, January 2, 2031 at 1:00 PM Mountain Time'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book This Time' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(MESSAGES.enterName);
    expect(screen.getByRole('alert')).toHaveFocus();
    await fill(user, screen.getByLabelText('Name'), 'Ada');
    await fill(user, screen.getByLabelText('Email'), 'ada@example.com');
    await fill(user, screen.getByLabelText('Phone'), '555 0100');
    await user.click(screen.getByRole('button', { name: 'Book This Time' }));
    await screen.findByRole('heading', { name: 'Thank You for Booking Your Call!' });
    expect(path()).toBe('/maybe-submitted');
    expect(harness.api.submitBooking).toHaveBeenCalledWith(
      { name: 'Ada', email: 'ada@example.com', phone: '555 0100', category: 'work' },
      expect.anything(),
    );
    expect(harness.toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: MESSAGES.bookingConfirmedTitle }),
    );
  });

  it("shows the booking's network error and keeps the form", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      submitBooking: async () => {
        throw new ApiError(MESSAGES.bookingNetworkError, { kind: 'network' });
      },
    });
    harness = renderOnboarding({ path: '/onboarding/work/role', api });
    await screen.findByRole('radio', { name: 'Employee' });
    await toTeam(user);
    await user.click(screen.getByRole('button', { name: 'Maybe' }));
    await screen.findByText(/Mountain Time/);
    await fill(user, screen.getByLabelText('Name'), 'Ada');
    await fill(user, screen.getByLabelText('Email'), 'ada@example.com');
    await fill(user, screen.getByLabelText('Phone'), '555 0100');
    await user.click(screen.getByRole('button', { name: 'Book This Time' }));
    expect(await screen.findByText(MESSAGES.bookingNetworkError)).toBeInTheDocument();
    expect(path()).toBe('/onboarding/work/maybe');
  });

  it('sends feedback and thanks the visitor; a failure shows the error toast', async () => {
    const user = userEvent.setup({ delay: null });
    let calls = 0;
    const api = fakeApi({
      submitFeedback: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('500: oops', { kind: 'http', status: 500 });
        return { message: 'Thanks' };
      },
    });
    harness = renderOnboarding({ path: '/onboarding/work/role', api });
    await screen.findByRole('radio', { name: 'Employee' });
    await toTeam(user);
    await user.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(path()).toBe('/onboarding/work/no');
    await fill(user, screen.getByLabelText('Name'), 'Ada');
    await fill(user, screen.getByLabelText('Email'), 'ada@example.com');
    await fill(user, screen.getByLabelText('Feedback'), 'Not now');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(harness?.toast).toHaveBeenCalledWith({
        title: MESSAGES.feedbackErrorTitle,
        description: MESSAGES.feedbackError,
        variant: 'destructive',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Thanks for the feedback' });
    expect(path()).toBe('/no-thank-you');
  });
});

describe('account and profile', () => {
  async function toAccount(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByRole('radio', { name: 'Employee' });
    await toTeam(user);
    await user.click(screen.getByRole('button', { name: YES_CHOICE }));
    await fill(user, screen.getByLabelText('Your Name'), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fill(user, screen.getByLabelText('Tell your team one sentence about your goals'), 'Ship');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Yes, you can count on me' }));
    await user.click(screen.getByRole('button', { name: "Yes, I'll join the check-ins" }));
    await fill(user, screen.getByLabelText('Email'), 'grace@example.com');
    await fill(user, screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: /^Submit join request/ }));
  }

  it('shows a taken address against the email field and in a destructive toast', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      createUser: async () => {
        throw new ApiError('That email is already registered', {
          kind: 'http',
          status: 409,
          code: 'EMAIL_TAKEN',
          data: { message: 'That email is already registered', code: 'EMAIL_TAKEN' },
        });
      },
    });
    harness = renderOnboarding({ path: '/onboarding/work/role', api });
    await toAccount(user);
    // In the error summary, linked to the email field, and beside the field.
    expect(
      await screen.findByRole('link', { name: 'That email is already registered' }),
    ).toHaveAttribute('href', '#account-email');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'That email is already registered',
    );
    expect(harness.toast).toHaveBeenCalledWith({
      title: MESSAGES.createUserErrorTitle,
      description: 'That email is already registered',
      variant: 'destructive',
    });
    expect(path()).toBe('/onboarding/work/account');
  }, 10_000);

  it('shows a failed sign-up at once, and Submit again resends its idempotency key', async () => {
    const user = userEvent.setup({ delay: null });
    const keys: (string | undefined)[] = [];
    const api = fakeApi({
      createUser: async (_payload, call) => {
        keys.push(call?.idempotencyKey);
        if (keys.length === 1) {
          throw new ApiError('Network error. Please try again later.', { kind: 'network' });
        }
        return { user: { id: 12 }, joinRequestSuccess: true };
      },
    });
    harness = renderOnboarding({ path: '/onboarding/work/role', api });
    await toAccount(user);
    // Spec 9: no retries. The error is shown after the one request, not seconds later.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please try again later.',
    );
    expect(keys).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^Submit join request/ })).toHaveTextContent(
      'Submit join request to Team Morning Movers',
    );
    await user.click(screen.getByRole('button', { name: /^Submit join request/ }));
    await screen.findByRole('heading', { name: 'Join Request Sent to Team Morning Movers!' });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[1]).toBe(keys[0]);
  });

  it('blocks a photo over 5 MB with its message and toast; skipping says Profile Skipped', async () => {
    const user = userEvent.setup({ delay: null });
    harness = renderOnboarding({ path: '/onboarding/work/role' });
    await toAccount(user);
    await screen.findByRole('heading', { name: /Join Request Sent/ });
    const big = new File([imageHead('image/jpeg')], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Upload photo'), big);
    // The refused file is not held: the control still says Upload photo.
    expect(screen.getByLabelText('Upload photo')).toHaveAccessibleDescription(
      MESSAGES.photoTooLarge,
    );
    expect(screen.queryByLabelText('Change photo')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(harness.toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: MESSAGES.photoSizeErrorTitle, variant: 'destructive' }),
    );
    expect(harness.api.updateProfile).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await screen.findByRole('heading', { name: "You're All Set!" });
    expect(harness.toast).toHaveBeenCalledWith({
      title: MESSAGES.profileSkippedTitle,
      description: MESSAGES.profileSkipped,
    });
  }, 10_000);

  it('shows the thank-you screen again when it is reloaded after the flow ended', async () => {
    harness = renderOnboarding({ path: '/thank-you' });
    expect(await screen.findByRole('heading', { name: "You're All Set!" })).toBeInTheDocument();
    expect(path()).toBe('/thank-you');
  });
});
