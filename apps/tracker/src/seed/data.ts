/**
 * First-start data: the four focus areas (spec 4 built-in ids work=1 ... other=4), the role areas
 * with the spec's built-in ids 1-9 plus the role step's options, and teams with members.
 */
import { BUILTIN_FOCUS_AREA_IDS, BUILTIN_ROLE_IDS } from '@app/contracts';

type Status = 'Active' | 'Pending' | 'Inactive';

export const FOCUS_AREAS = [
  {
    id: BUILTIN_FOCUS_AREA_IDS.work,
    name: 'Work',
    description: 'Professional goals, projects and career',
  },
  {
    id: BUILTIN_FOCUS_AREA_IDS.school,
    name: 'School',
    description: 'Academics, studying, assignments',
  },
  {
    id: BUILTIN_FOCUS_AREA_IDS.god,
    name: 'God',
    description: 'Spiritual practices, devotions, faith-based commitments',
  },
  {
    id: BUILTIN_FOCUS_AREA_IDS.other,
    name: 'Other',
    description: 'Personal projects, health goals, habits',
  },
];

/** Role step options (contracts ROLE_OPTIONS) that have no built-in id get the next ones. */
const ROLE_IDS = {
  ...BUILTIN_ROLE_IDS,
  employee: 10,
  management: 11,
  'high school student': 12,
  'college student': 13,
} as const;

export const ROLE_AREAS: { id: number; name: string; description: string }[] = [
  {
    id: ROLE_IDS['spiritually young christian'],
    name: 'Spiritually Young Christian',
    description: 'New to faith and building daily habits of prayer and reading',
  },
  {
    id: ROLE_IDS['spiritually old christian'],
    name: 'Spiritually Old Christian',
    description: 'Long-time believers deepening their practice',
  },
  {
    id: ROLE_IDS['spiritual - other'],
    name: 'Spiritual - Other',
    description: 'Exploring faith and spiritual practices',
  },
  { id: ROLE_IDS.student, name: 'Student', description: 'Learners at any level' },
  { id: ROLE_IDS.teacher, name: 'Teacher', description: 'Educators planning, grading and growing' },
  {
    id: ROLE_IDS['adult learner'],
    name: 'Adult Learner',
    description: 'Studying alongside work and family',
  },
  {
    id: ROLE_IDS.professional,
    name: 'Professional',
    description: 'Working professionals with career goals',
  },
  {
    id: ROLE_IDS.entrepreneur,
    name: 'Entrepreneur',
    description: 'Founders and builders of their own business',
  },
  { id: ROLE_IDS['job seeker'], name: 'Job Seeker', description: 'Looking for the next role' },
  { id: ROLE_IDS.employee, name: 'Employee', description: 'Doing focused, visible work in a team' },
  { id: ROLE_IDS.management, name: 'Management', description: 'Leading people and projects' },
  {
    id: ROLE_IDS['high school student'],
    name: 'High School Student',
    description: 'Classes, homework and exams',
  },
  {
    id: ROLE_IDS['college student'],
    name: 'College Student',
    description: 'Courses, papers and study habits',
  },
];

/** Which roles each focus area offers, in the order the role step lists them. */
export const FOCUS_AREA_ROLES: Record<number, number[]> = {
  [BUILTIN_FOCUS_AREA_IDS.work]: [
    ROLE_IDS.employee,
    ROLE_IDS.management,
    ROLE_IDS.entrepreneur,
    ROLE_IDS.professional,
    ROLE_IDS['job seeker'],
  ],
  [BUILTIN_FOCUS_AREA_IDS.school]: [
    ROLE_IDS['high school student'],
    ROLE_IDS['college student'],
    ROLE_IDS['adult learner'],
    ROLE_IDS.student,
    ROLE_IDS.teacher,
  ],
  [BUILTIN_FOCUS_AREA_IDS.god]: [
    ROLE_IDS['spiritually young christian'],
    ROLE_IDS['spiritually old christian'],
    ROLE_IDS['spiritual - other'],
  ],
  [BUILTIN_FOCUS_AREA_IDS.other]: [],
};

export interface SeedMember {
  name: string;
  about: string;
  goal: string;
  status?: Status;
  /** false: this member has no photo, so the site shows its placeholder. */
  photo?: boolean;
}

export interface SeedTeam {
  name: string;
  focusAreaId: number;
  focusRoleId: number | null;
  capacity?: number;
  members: SeedMember[];
}

const { work, school, god, other } = BUILTIN_FOCUS_AREA_IDS;

export const TEAMS: SeedTeam[] = [
  {
    name: 'Deep Work Crew',
    focusAreaId: work,
    focusRoleId: ROLE_IDS.employee,
    members: [
      {
        name: 'Maya Thompson',
        about: 'Product designer at a logistics startup.',
        goal: 'Ship one polished design review every Friday.',
      },
      {
        name: 'Daniel Okafor',
        about: 'Backend engineer who loves quiet mornings.',
        goal: 'Two focused hours before opening email each day.',
      },
      {
        name: 'Priya Raman',
        about: 'Data analyst and weekend cyclist.',
        goal: 'Finish my SQL certification by the end of the quarter.',
      },
      {
        name: 'Lucas Meyer',
        about: 'Support lead learning to write.',
        goal: 'Publish one help article a week.',
        status: 'Inactive',
      },
    ],
  },
  {
    name: 'Lead With Intent',
    focusAreaId: work,
    focusRoleId: ROLE_IDS.management,
    members: [
      {
        name: 'Grace Mitchell',
        about: 'Engineering manager of a team of seven.',
        goal: 'Hold every one-on-one, every week, without rescheduling.',
      },
      {
        name: 'Omar Haddad',
        about: 'Operations manager at a regional hospital.',
        goal: 'Delegate one task a day that I would normally keep.',
      },
      {
        name: 'Hannah Becker',
        about: 'First-time manager in retail banking.',
        goal: 'Write feedback notes for each report every Thursday.',
      },
    ],
  },
  {
    name: 'Founders Circle',
    focusAreaId: work,
    focusRoleId: ROLE_IDS.entrepreneur,
    capacity: 5,
    members: [
      {
        name: 'Samuel Reyes',
        about: 'Runs a small coffee roastery.',
        goal: 'Call three wholesale leads every weekday.',
      },
      {
        name: 'Aisha Bello',
        about: 'Building a tutoring marketplace.',
        goal: 'Talk to five customers a week before writing code.',
      },
      {
        name: 'Ethan Clarke',
        about: 'Furniture maker turning a hobby into a business.',
        goal: 'List two new pieces online every week.',
      },
      {
        name: 'Mei Lin',
        about: 'Founder of a bookkeeping practice.',
        goal: 'Send invoices the same day the work is done.',
      },
      {
        name: 'Jonas Weber',
        about: 'Indie app developer.',
        goal: 'Release an update every two weeks.',
        photo: false,
      },
    ],
  },
  {
    name: 'Next Role Search',
    focusAreaId: work,
    focusRoleId: ROLE_IDS['job seeker'],
    members: [
      {
        name: 'Rachel Kim',
        about: 'Marketing coordinator between roles.',
        goal: 'Send five tailored applications a week.',
      },
      {
        name: 'Victor Alvarez',
        about: 'Career changer moving into nursing.',
        goal: 'Finish one prerequisite module each week.',
      },
      {
        name: 'Nadia Petrova',
        about: 'Recent graduate in accounting.',
        goal: 'Practise one mock interview every Tuesday.',
        status: 'Pending',
      },
    ],
  },
  {
    name: 'Senior Year Sprint',
    focusAreaId: school,
    focusRoleId: ROLE_IDS['high school student'],
    members: [
      {
        name: 'Tyler Brooks',
        about: 'High school senior and cross-country runner.',
        goal: 'Study for the SAT 30 minutes every school night.',
      },
      {
        name: 'Sofia Marquez',
        about: 'Junior who loves chemistry.',
        goal: 'Finish homework before 8 pm, five days a week.',
      },
      {
        name: 'Caleb Johnson',
        about: 'Senior applying to engineering programs.',
        goal: 'Draft one college essay paragraph a day.',
      },
    ],
  },
  {
    name: 'Campus Study Hall',
    focusAreaId: school,
    focusRoleId: ROLE_IDS['college student'],
    members: [
      {
        name: 'Emily Carter',
        about: 'Biology major, pre-med track.',
        goal: 'Review lecture notes within 24 hours of every class.',
      },
      {
        name: 'Kwame Mensah',
        about: 'Computer science sophomore.',
        goal: 'Start each problem set the day it is assigned.',
      },
      {
        name: 'Isabella Rossi',
        about: 'History student writing a thesis.',
        goal: 'Write 300 words of my thesis every weekday.',
      },
      {
        name: 'Noah Fischer',
        about: 'Transfer student in economics.',
        goal: 'Go to office hours once a week per course.',
        status: 'Inactive',
      },
    ],
  },
  {
    name: 'Lifelong Learners',
    focusAreaId: school,
    focusRoleId: ROLE_IDS['adult learner'],
    members: [
      {
        name: 'Linda Harper',
        about: 'Mother of three finishing a degree online.',
        goal: 'Complete one course module every week.',
      },
      {
        name: 'George Nakamura',
        about: 'Retired engineer learning Spanish.',
        goal: 'Practise Spanish 20 minutes a day.',
      },
      {
        name: 'Fatima Zahra',
        about: 'Pharmacy technician studying for a licence.',
        goal: 'Do 25 practice questions every evening.',
      },
    ],
  },
  {
    name: 'Morning Devotions',
    focusAreaId: god,
    focusRoleId: ROLE_IDS['spiritually young christian'],
    members: [
      {
        name: 'Joshua Bennett',
        about: 'Came to faith last year.',
        goal: 'Read one chapter of the Gospels every morning.',
      },
      {
        name: 'Abigail Turner',
        about: 'College student new to church.',
        goal: 'Pray for ten minutes before class each day.',
      },
      {
        name: 'Marcus Green',
        about: 'Warehouse supervisor and new believer.',
        goal: 'Memorise one verse a week.',
      },
    ],
  },
  {
    name: 'Deep Roots',
    focusAreaId: god,
    focusRoleId: ROLE_IDS['spiritually old christian'],
    members: [
      {
        name: 'Ruth Anderson',
        about: 'Sunday school teacher for twenty years.',
        goal: 'Read through the whole Bible this year.',
      },
      {
        name: 'Paul Edwards',
        about: 'Deacon and retired teacher.',
        goal: 'Keep a prayer journal every evening.',
      },
      {
        name: 'Esther Walker',
        about: 'Choir member and grandmother.',
        goal: 'Fast one day a week and pray for my family.',
      },
      {
        name: 'Stephen Hall',
        about: 'Small group leader.',
        goal: 'Prepare Bible study notes every Monday.',
        status: 'Pending',
      },
    ],
  },
  {
    name: 'Open Seekers',
    focusAreaId: god,
    focusRoleId: ROLE_IDS['spiritual - other'],
    members: [
      {
        name: 'Clara Jensen',
        about: 'Exploring contemplative practices.',
        goal: 'Sit in silent prayer 15 minutes a day.',
      },
      {
        name: 'Adrian Cole',
        about: 'Asking big questions after a hard year.',
        goal: 'Read one chapter of a spiritual book each night.',
      },
    ],
  },
  {
    name: 'Healthy Habits',
    focusAreaId: other,
    focusRoleId: null,
    members: [
      {
        name: 'Olivia Scott',
        about: 'Nurse working night shifts.',
        goal: 'Drink two litres of water and sleep seven hours.',
      },
      {
        name: 'Ben Harris',
        about: 'Accountant cutting back on sugar.',
        goal: 'No sweets on weekdays.',
      },
      {
        name: 'Chloe Dubois',
        about: 'Teacher training for a half marathon.',
        goal: 'Run four times a week.',
      },
    ],
  },
  {
    name: 'Creative Makers',
    focusAreaId: other,
    focusRoleId: null,
    members: [
      {
        name: 'Leo Martins',
        about: 'Amateur photographer.',
        goal: 'Edit and share one photo every day.',
      },
      {
        name: 'Zoe Campbell',
        about: 'Writing her first novel.',
        goal: 'Write 500 words before breakfast.',
      },
      {
        name: 'Ivan Novak',
        about: 'Learning guitar at forty.',
        goal: 'Practise chords 20 minutes a day.',
        status: 'Inactive',
      },
    ],
  },
  {
    name: 'Daily Movement',
    focusAreaId: other,
    focusRoleId: null,
    members: [
      {
        name: 'Harper Lee Young',
        about: 'Desk worker fixing her posture.',
        goal: 'Stretch for ten minutes every lunch break.',
      },
      {
        name: 'Mateo Silva',
        about: 'Dad of twins getting back in shape.',
        goal: 'Walk 8,000 steps every day.',
      },
    ],
  },
];

export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Short notes some of the seed members leave with a check-in. */
export const SEED_NOTES = [
  'Done before lunch.',
  'Harder than I thought, but done.',
  'Only half, will finish tomorrow.',
  'Travel day, back at it tomorrow.',
  'Felt great today.',
  'Started late but got there.',
  'Kid was sick, skipped it.',
];
