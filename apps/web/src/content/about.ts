export interface TeamBio {
  name: string;
  role: string;
  image: string;
  bio: string;
}

export const TEAM_BIOS: readonly TeamBio[] = [
  {
    name: 'Rachel Moreno',
    role: 'Founder and CEO',
    image: '/images/about/rachel-moreno.svg',
    bio: 'Rachel led product teams for a decade and saw that the people who finished things were rarely the most talented: they were the ones someone checked in on. She started the company to give everyone that someone.',
  },
  {
    name: 'James Whitfield',
    role: 'Head of Coaching',
    image: '/images/about/james-whitfield.svg',
    bio: 'A certified executive coach and former teacher, James designs the check-in rhythm and the dose-sized lessons teams receive, and trains the coaches who shape them.',
  },
  {
    name: 'Aisha Rahman',
    role: 'Head of Engineering',
    image: '/images/about/aisha-rahman.svg',
    bio: 'Aisha builds the matching and check-in tools. She cares about software that respects people’s time: one minute a day should be enough.',
  },
];

export type NewsBadge = 'Award' | 'Feature' | 'Funding' | 'Research' | 'Interview' | 'Partnership';

export interface NewsItem {
  badge: NewsBadge;
  date: string;
  title: string;
  summary: string;
}

export const NEWS: readonly NewsItem[] = [
  {
    badge: 'Award',
    date: '2025-03-12',
    title: 'Named a Top Habit-Building Tool of the Year',
    summary:
      'Recognised by a panel of coaches for helping members keep goals past the first month.',
  },
  {
    badge: 'Feature',
    date: '2025-02-03',
    title: 'Why Small Teams Beat Big Communities',
    summary: 'A long read on how groups of four keep each other going where large forums fade.',
  },
  {
    badge: 'Funding',
    date: '2024-11-20',
    title: 'Seed Round to Bring Accountability Teams to More People',
    summary: 'New funding will grow our coaching team and add support areas requested by members.',
  },
  {
    badge: 'Research',
    date: '2024-09-08',
    title: 'Study: Check-ins Double Follow-Through',
    summary:
      'Members with a daily one-minute check-in completed twice as many planned tasks as those without.',
  },
  {
    badge: 'Interview',
    date: '2024-07-15',
    title: 'Our Founder on Turning Intentions into Habits',
    summary: 'Rachel Moreno talks about the moment she realised accountability is a superpower.',
  },
  {
    badge: 'Partnership',
    date: '2024-05-02',
    title: 'Partnering with Campus Study Groups',
    summary: 'Students at partner colleges can now join school teams formed around their courses.',
  },
];
