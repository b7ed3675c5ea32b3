import { JOIN_RESPONSE_DAYS } from '@app/contracts';

/** A section of a legal page: a heading, then paragraphs and, where useful, a list. */
export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

export interface LegalDocument {
  title: string;
  summary: string;
  updated: string;
  sections: readonly LegalSection[];
}

export const PRIVACY: LegalDocument = {
  title: 'Privacy Policy',
  summary:
    'What we collect when you join a team, book an info call or tell us why not, what we do with it, how long we keep it, and how to have it deleted.',
  updated: 'November 2026',
  sections: [
    {
      heading: 'What we collect',
      paragraphs: ['We only ask for what a team needs to get started with you.'],
      items: [
        'When you join a team: the area and role or goal you chose, your name, your one-sentence goal, your email address and a password. We keep the password only as a one-way hash; nobody can read it back.',
        'If you complete your profile: your photo and your "About me" text, which the members of your team see.',
        'When you book an info call: your name, email address, phone number and the area you were looking at.',
        'When you tell us why you are not ready to join: your name, email address, your feedback and the area.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        `Your name, goal, photo and "About me" are shown to the team you asked to join, so that its members can answer your request within ${JOIN_RESPONSE_DAYS} days. We send you a confirmation email and, later, the team's answer. Booking details are used to hold the call and send you its time; feedback is read by the people who build this service.`,
        'We do not sell your data, show advertising or use third-party tracking.',
      ],
    },
    {
      heading: 'Cookies and browser storage',
      paragraphs: [
        'We set one cookie: a session cookie after you create your account, so that only you can complete your profile. It expires after 24 hours.',
        'While you go through the sign-up steps, your browser keeps your progress and the text you typed in its own storage on your device, so that a reload does not lose it. Passwords are never stored there. What you typed is removed when you finish or close the tab.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Your account and profile are kept while you are a member. Booking details are kept until 90 days after the call; feedback for up to 12 months. Server logs, which never contain passwords, are kept for 30 days.',
      ],
    },
    {
      heading: 'Deleting your data',
      paragraphs: [
        'Reply to any email we sent you, from the address you signed up with, and ask us to delete your data. We delete your account, profile, photo, bookings and feedback within 30 days and confirm by email. You can also ask for a copy of what we hold about you.',
      ],
    },
  ],
};

export const TERMS: LegalDocument = {
  title: 'Terms of Service',
  summary: 'The rules of joining an accountability team, in plain words.',
  updated: 'November 2026',
  sections: [
    {
      heading: 'The service',
      paragraphs: [
        'We match you with a small team of people working on similar goals. Team members follow up with each other on weekdays and meet for check-in calls. The service is free.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Give your real name and an email address you can read; keep your password to yourself. You must be at least 16 years old to join.',
      ],
    },
    {
      heading: 'Being a good team member',
      paragraphs: [
        'Be kind and honest. What your team members share with you stays in the team. Do not post anything unlawful, hateful or that belongs to someone else, including photos.',
        'A team may decline a join request, and we may remove anyone who harms other members.',
      ],
    },
    {
      heading: 'What we promise and what we do not',
      paragraphs: [
        'We do our best to keep the service running and your data safe (see the Privacy Policy). Your team supports you, but your goals and the choices you make about them remain your own.',
      ],
    },
    {
      heading: 'Leaving',
      paragraphs: [
        'You can leave at any time: reply to any of our emails and ask us to close your account. We may change these terms; if we do, we will tell members by email before the change applies.',
      ],
    },
  ],
};
