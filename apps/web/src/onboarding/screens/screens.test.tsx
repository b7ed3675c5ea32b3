import { MESSAGES, UPLOADS_PATH } from '@app/contracts';
import { holdView } from '@app/onboarding';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HoldStatus } from '../components/HoldStatus.tsx';
import { imageHead } from '../test/harness.tsx';
import { AccountScreen } from './AccountScreen.tsx';
import { CategoryScreen } from './CategoryScreen.tsx';
import { ConfirmScreen } from './ConfirmScreen.tsx';
import { MaybeScreen } from './MaybeScreen.tsx';
import { MaybeSubmittedScreen } from './MaybeSubmittedScreen.tsx';
import { NoScreen } from './NoScreen.tsx';
import { NoThankYouScreen } from './NoThankYouScreen.tsx';
import { RoleScreen } from './RoleScreen.tsx';
import { TeamScreen, YES_CHOICE } from './TeamScreen.tsx';
import { ThankYouScreen } from './ThankYouScreen.tsx';

const frame = (title: string, step?: number) => ({
  title,
  progress: step === undefined ? null : { step, of: 8 },
});

const team = {
  name: 'Early Risers',
  members: [
    {
      id: '1',
      name: 'Priya Nair',
      photo: `${UPLOADS_PATH}/seed/priya.webp`,
      aboutMe: 'Runs operations',
      goalSummary: 'Ship one thing a week',
    },
    {
      id: '2',
      name: 'Tom Becker',
      photo: null,
      aboutMe: 'Team Member',
      goalSummary: 'Has accountability goals',
    },
  ],
};

const teamProps = {
  frame: frame('Your team', 2),
  team,
  hold: holdView('counting', 599),
  sample: null,
  areaTitle: 'Work',
  onChoose: vi.fn(),
  onExtend: vi.fn(),
  onRetake: vi.fn(),
  onRetry: vi.fn(),
  onBack: vi.fn(),
};

describe('team screen', () => {
  it('shows the spinner with Go back while the team is found', async () => {
    const onBack = vi.fn();
    render(<TeamScreen {...teamProps} team={null} onBack={onBack} />);
    expect(screen.getByRole('status')).toHaveTextContent('Finding the perfect team for you...');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('shows the team, its members, the open spot, the countdown and the three choices', async () => {
    const onChoose = vi.fn();
    render(<TeamScreen {...teamProps} onChoose={onChoose} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'You\'re in luck! Team "Early Risers" has one slot left.',
    );
    const photo = screen
      .getByRole('heading', { name: 'Priya Nair' })
      .closest('li')
      ?.querySelector('img');
    expect(photo).toHaveAttribute('src', `${UPLOADS_PATH}/seed/priya.webp`);
    expect(screen.getByText('TB')).toBeInTheDocument();
    expect(screen.getByText('"Ship one thing a week"')).toBeInTheDocument();
    expect(screen.getByText('Your spot')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.holdCountdown('9:59'))).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 8')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: YES_CHOICE }));
    await userEvent.click(screen.getByRole('button', { name: 'Maybe' }));
    await userEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(onChoose.mock.calls).toEqual([['yes'], ['maybe'], ['no']]);
  });

  it('warns before the hold ends and offers to extend it, without an alert that re-reads the time', async () => {
    const onExtend = vi.fn();
    render(<TeamScreen {...teamProps} hold={holdView('ending', 45)} onExtend={onExtend} />);
    // The spec's sentence on screen; "less than a minute" for screen readers.
    const line = screen.getByText(MESSAGES.holdCountdown('0:45'));
    expect(line).toHaveAttribute('aria-hidden', 'true');
    expect(line.parentElement).toHaveTextContent(MESSAGES.holdCountdownLastMinute);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The live region says only that the hold is ending, not the ticking time.
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.holdAnnounceEnding);
    expect(screen.getByRole('status')).not.toHaveTextContent('0:45');
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.holdExtend }));
    expect(onExtend).toHaveBeenCalled();
  });

  it('says the slot was released in its heading, refuses Yes, offers to take it again or look again', async () => {
    const onRetry = vi.fn();
    const onRetake = vi.fn();
    render(
      <TeamScreen
        {...teamProps}
        hold={holdView('expired', 0)}
        onRetry={onRetry}
        onRetake={onRetake}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This slot was released');
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.holdReleased);
    expect(screen.getByRole('button', { name: YES_CHOICE })).toBeDisabled();
    expect(screen.queryByText(MESSAGES.holdCountdown('0:00'))).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.holdRetake }));
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.holdRetry }));
    expect(onRetake).toHaveBeenCalled();
    expect(onRetry).toHaveBeenCalled();
  });

  it('offers only another team once someone took the slot', () => {
    render(<TeamScreen {...teamProps} hold={holdView('taken', 0)} />);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.holdTaken);
    expect(screen.queryByRole('button', { name: MESSAGES.holdRetake })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.holdRetry })).toBeInTheDocument();
  });

  it('says in one line that the sample team is an example, with Try again, and shows no countdown', async () => {
    const onRetry = vi.fn();
    render(
      <TeamScreen
        {...teamProps}
        sample="unreachable"
        hold={holdView('none', 600)}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByText(MESSAGES.sampleTeamUnreachable)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.holdCountdown('10:00'))).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.sampleTeamRetry }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('never says "in luck" beside the sample team: it names the full area, or an example', () => {
    const sampleProps = { ...teamProps, hold: holdView('none', 600) };
    const { unmount } = render(<TeamScreen {...sampleProps} sample="full" areaTitle="Work" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'All Work teams are full right now',
    );
    expect(screen.getByText(MESSAGES.sampleTeamFull)).toBeInTheDocument();
    expect(screen.queryByText(/in luck/)).not.toBeInTheDocument();
    unmount();
    render(<TeamScreen {...sampleProps} sample="unreachable" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(MESSAGES.sampleTeamHeading);
    expect(screen.queryByText(/in luck/)).not.toBeInTheDocument();
  });

  it('keeps the Yes words as its accessible name while laying them out as label and support', () => {
    render(<TeamScreen {...teamProps} />);
    const yes = screen.getByRole('button', { name: YES_CHOICE });
    expect(yes.querySelectorAll('span')).toHaveLength(2);
  });
});

describe('hold line in the step header', () => {
  const actions = { onExtend: vi.fn(), onRetake: vi.fn(), onRetry: vi.fn() };

  it('is a compact line while the slot is held, with nothing announced', () => {
    render(<HoldStatus hold={holdView('counting', 462)} line={MESSAGES.holdLine} {...actions} />);
    expect(screen.getByText('Slot held · 7:42')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('announces politely only when the warning starts, at 30 s and at 10 s', () => {
    const said = (seconds: number) => {
      const { unmount } = render(
        <HoldStatus hold={holdView('ending', seconds)} line={MESSAGES.holdLine} {...actions} />,
      );
      const live = screen.getByRole('status');
      expect(live).toHaveAttribute('aria-live', 'polite');
      const text = live.textContent;
      unmount();
      return text;
    };
    const texts = [60, 45, 31, 30, 20, 11, 10, 3].map(said);
    expect(new Set(texts)).toEqual(
      new Set([
        MESSAGES.holdAnnounceEnding,
        MESSAGES.holdAnnounceSeconds(30),
        MESSAGES.holdAnnounceSeconds(10),
      ]),
    );
    expect(texts.slice(0, 3).every((text) => text === MESSAGES.holdAnnounceEnding)).toBe(true);
  });

  it('moves focus to a short confirmation once the extension is granted', () => {
    const props = { line: MESSAGES.holdLine, ...actions };
    const { rerender } = render(<HoldStatus hold={holdView('extending', 40)} {...props} />);
    rerender(<HoldStatus hold={holdView('counting', 600)} {...props} />);
    const note = screen.getByText(MESSAGES.holdExtended);
    expect(note).toHaveFocus();
    expect(screen.getByText('Slot held · 10:00')).toBeInTheDocument();
  });

  it('says so when the extension failed, and keeps the offer', () => {
    const props = { line: MESSAGES.holdLine, ...actions };
    const { rerender } = render(<HoldStatus hold={holdView('extending', 40)} {...props} />);
    rerender(<HoldStatus hold={holdView('ending', 39)} {...props} />);
    expect(screen.getByText(MESSAGES.holdExtendFailed)).toHaveFocus();
    expect(screen.getByRole('button', { name: MESSAGES.holdExtend })).toBeInTheDocument();
  });
});

describe('category and role screens', () => {
  it('lists the four areas', () => {
    render(<CategoryScreen frame={frame('Choose your area')} onChoose={vi.fn()} />);
    for (const name of [/^Work/, /^School/, /^God/, /^Other/]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('offers the options of each category', () => {
    const props = {
      frame: frame('Your role', 1),
      pending: false,
      errors: {},
      onSubmit: vi.fn(),
      onBack: vi.fn(),
    };
    const { unmount } = render(<RoleScreen {...props} category="school" />);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'High School Student',
      'College Student',
      'Adult Learner',
    ]);
    unmount();
    render(<RoleScreen {...props} category="other" />);
    expect(screen.getByPlaceholderText('Enter your specific goal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});

describe('account screen', () => {
  const props = {
    frame: frame('Create your account', 7),
    teamName: 'Early Risers',
    pending: false,
    errors: {},
    onSubmit: vi.fn(),
    onBack: vi.fn(),
  };

  it('names the team on the submit button and shows the password hint', () => {
    render(<AccountScreen {...props} />);
    expect(
      screen.getByRole('button', { name: 'Submit join request to Team Early Risers' }),
    ).toBeEnabled();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(MESSAGES.passwordHint);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it('says Submitting... while pending', () => {
    render(<AccountScreen {...props} pending />);
    // Not disabled: the focus stays on the button while the call is under way.
    expect(screen.getByRole('button', { name: 'Submitting...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it("shows the server's message in the error summary after a submission", async () => {
    const { rerender } = render(<AccountScreen {...props} />);
    await userEvent.click(screen.getByRole('button', { name: /Submit join request/ }));
    rerender(<AccountScreen {...props} errors={{ form: 'That email is already registered' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('That email is already registered');
    expect(document.title).toMatch(/^Error: Step 7 of 8 \| Create your account \| /);
  });

  it('after a submission with errors, focuses the summary and ties messages to fields', async () => {
    const { rerender } = render(<AccountScreen {...props} />);
    await userEvent.click(screen.getByRole('button', { name: /Submit join request/ }));
    rerender(
      <AccountScreen
        {...props}
        errors={{ email: MESSAGES.required, password: MESSAGES.required }}
      />,
    );
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#account-email', '#account-password']);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.required);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('confirm screen', () => {
  const props = {
    frame: frame('Join request sent', 8),
    teamName: 'Early Risers',
    assignedLater: false,
    pending: false,
    photoError: undefined,
    onPhotoSelected: vi.fn(),
    onSubmit: vi.fn(),
    onSkip: vi.fn(),
  };

  it('offers Upload photo, then Change photo with a preview once one is chosen', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const onPhotoSelected = vi.fn();
    render(<ConfirmScreen {...props} onPhotoSelected={onPhotoSelected} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Join Request Sent to Team Early Risers!',
    );
    const file = new File([imageHead('image/png')], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [file] } });
    await waitFor(() => expect(onPhotoSelected).toHaveBeenCalledWith(file));
    expect(screen.getByLabelText('Change photo')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'You, as your team will see you' }),
    ).toHaveAttribute('src', 'blob:preview');
  });

  it('types a chosen file by its first bytes: a text file named .png is no image', async () => {
    const onPhotoSelected = vi.fn();
    render(<ConfirmScreen {...props} onPhotoSelected={onPhotoSelected} />);
    const fake = new File(['just some notes'], 'notes.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [fake] } });
    await waitFor(() => expect(onPhotoSelected).toHaveBeenCalledTimes(1));
    const sent = onPhotoSelected.mock.calls[0]?.[0];
    expect(sent).toBeInstanceOf(File);
    expect(sent).toMatchObject({ name: 'notes.png', type: '' });
  });

  it('does not preview a refused photo', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const { rerender } = render(<ConfirmScreen {...props} />);
    const file = new File([imageHead('image/png')], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload photo'), { target: { files: [file] } });
    await screen.findByRole('img', { name: 'You, as your team will see you' });
    rerender(<ConfirmScreen {...props} photoError={MESSAGES.photoTooLarge} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the photo error tied to the input', () => {
    render(<ConfirmScreen {...props} photoError={MESSAGES.photoTooLarge} />);
    expect(screen.getByLabelText('Upload photo')).toBeInTheDocument();
  });

  it('names no team after a sign-up with the example team', () => {
    render(<ConfirmScreen {...props} teamName="Momentum Makers" assignedLater />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Join Request Sent!');
    expect(screen.queryByText(/Momentum Makers/)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.teamAssignedLater(5))).toBeInTheDocument();
  });

  it('shows the photo error under its field', () => {
    render(<ConfirmScreen {...props} photoError={MESSAGES.photoTooLarge} />);
    expect(screen.getByLabelText('Upload photo')).toHaveAccessibleDescription(
      MESSAGES.photoTooLarge,
    );
  });

  it('sends About me with Complete Profile, and offers Skip for now', async () => {
    const onSubmit = vi.fn();
    const onSkip = vi.fn();
    render(<ConfirmScreen {...props} onSubmit={onSubmit} onSkip={onSkip} />);
    await userEvent.type(screen.getByLabelText('About me'), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(onSubmit).toHaveBeenCalledWith({ aboutMe: 'Hi', photo: null });
    await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(onSkip).toHaveBeenCalled();
  });
});

describe('maybe screen', () => {
  const props = {
    frame: frame('Book an info call'),
    date: '2031-01-02T20:00:00.000Z',
    pending: false,
    errors: {},
    onSubmit: vi.fn(),
    onHome: vi.fn(),
    onBack: vi.fn(),
  };

  it('shows the call at 1:00 PM Mountain Time with its fields and buttons', () => {
    render(<MaybeScreen {...props} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Book Your More Info Call');
    expect(
      screen.getByText('Thursday, January 2, 2031 at 1:00 PM Mountain Time'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByRole('button', { name: 'Book This Time' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Return to Homepage' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });

  it('waits for the date before booking', () => {
    render(<MaybeScreen {...props} date={null} />);
    expect(screen.getByRole('button', { name: 'Book This Time' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows each field message and the booking error after a submission', async () => {
    const { rerender } = render(<MaybeScreen {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Book This Time' }));
    rerender(
      <MaybeScreen
        {...props}
        errors={{
          name: MESSAGES.enterName,
          email: MESSAGES.validEmail,
          phone: MESSAGES.validPhone,
          form: MESSAGES.bookingNetworkError,
        }}
      />,
    );
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(MESSAGES.enterName);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.validEmail);
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(MESSAGES.validPhone);
    expect(screen.getByText(MESSAGES.bookingNetworkError)).toBeInTheDocument();
  });
});

describe('no screen', () => {
  it('asks why, with name, email and feedback', async () => {
    const onSubmit = vi.fn();
    render(
      <NoScreen frame={frame('Tell us why')} pending={false} errors={{}} onSubmit={onSubmit} />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Why are you not ready to join this team?',
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Feedback'), 'Too busy');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Ada',
      email: 'ada@example.com',
      feedback: 'Too busy',
    });
  });
});

describe('end screens', () => {
  it('thank-you gives the three notes, the profile one by outcome', () => {
    const { rerender } = render(
      <ThankYouScreen frame={frame("You're all set")} profileSaved email="ada@example.com" />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("You're All Set!");
    expect(screen.getByText(/within 5 days/)).toBeInTheDocument();
    expect(screen.getByText('Your profile has been saved.')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    // The way into the tracker, where the request is followed, beside the notes.
    expect(screen.getByRole('link', { name: /^sign in to the tracker/ })).toHaveAttribute(
      'href',
      '/sign-in',
    );
    rerender(<ThankYouScreen frame={frame("You're all set")} profileSaved={false} email="" />);
    expect(screen.getByText(/update your profile after/)).toBeInTheDocument();
  });

  it('thank-you resends the confirmation email to the address signed up with, and says so politely', async () => {
    let answer = () => {};
    const resend = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    render(
      <ThankYouScreen
        frame={frame("You're all set")}
        profileSaved
        email="ada@example.com"
        resendConfirmation={resend}
      />,
    );
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.resendConfirmation }));
    expect(resend).toHaveBeenCalledWith('ada@example.com');
    // While the call is under way the button says so and stays focusable.
    const sending = screen.getByRole('button', { name: 'Sending...' });
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(sending);
    expect(resend).toHaveBeenCalledTimes(1);
    answer();
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'If ada@example.com still needs confirming, a new confirmation email is on its way.',
      ),
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('thank-you shown again after the flow asks for the address; a refusal lands in the error summary', async () => {
    const resend = vi.fn(async () => {
      throw new Error('Too many requests. Please wait 15 minutes and try again.');
    });
    render(
      <ThankYouScreen
        frame={frame("You're all set")}
        profileSaved={false}
        email=""
        resendConfirmation={resend}
      />,
    );
    const button = screen.getByRole('button', { name: MESSAGES.resendConfirmation });
    await userEvent.click(button);
    expect(resend).not.toHaveBeenCalled();
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent(MESSAGES.enterEmail);
    expect(summary).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(document.title).toMatch(/^Error: /);

    await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
    await userEvent.click(button);
    expect(resend).toHaveBeenCalledWith('grace@example.com');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many requests. Please wait 15 minutes and try again.',
      ),
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('thank-you offers no resend where nothing can send it (the studio)', () => {
    render(<ThankYouScreen frame={frame("You're all set")} profileSaved email="ada@example.com" />);
    expect(screen.queryByRole('button', { name: MESSAGES.resendConfirmation })).toBeNull();
  });

  it('after a sign-up with the example team, say we assign the team instead of naming it', () => {
    render(<ThankYouScreen frame={frame("You're all set")} profileSaved email="" assignedLater />);
    expect(screen.getByText(MESSAGES.teamAssignedLater(5))).toBeInTheDocument();
    expect(screen.queryByText(/The team will respond/)).not.toBeInTheDocument();
  });

  it('no-thank-you and maybe-submitted say what the spec says', () => {
    render(<NoThankYouScreen frame={frame('Thanks for the feedback')} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Thanks for the feedback');
    expect(screen.getByText("We'll be in touch soon.")).toBeInTheDocument();
  });

  it('maybe-submitted confirms 1pm Mountain Time', () => {
    render(<MaybeSubmittedScreen frame={frame('Call booked')} date={null} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Thank You for Booking Your Call!',
    );
    expect(screen.getByText(/1pm Mountain Time/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });

  it('maybe-submitted repeats the booked day and offers it as a calendar file', async () => {
    render(<MaybeSubmittedScreen frame={frame('Call booked')} date="2031-01-02T20:00:00.000Z" />);
    expect(
      screen.getByText('Thursday, January 2, 2031 at 1:00 PM Mountain Time'),
    ).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(link).toHaveAttribute('download', 'info-call.ics');
    const file = decodeURIComponent(link.getAttribute('href')?.split(',')[1] ?? '');
    // 1:00 PM Mountain Time (MST) on that day, written in UTC.
    expect(file).toContain('DTSTART:20310102T200000Z');
  });
});
