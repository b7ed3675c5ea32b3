import type { Category } from '@app/contracts';

/**
 * The choices a person makes before a team is shown, with the words the site's home and role step
 * say them in: the site's onboarding and the tracker's Find a team page both draw them from here.
 */

/** A support area (spec 3): the four categories a visitor can choose. */
export interface SupportArea {
  id: Category;
  title: string;
  description: string;
}

export const SUPPORT_AREAS: readonly SupportArea[] = [
  { id: 'work', title: 'Work', description: 'Professional goals, projects and career.' },
  { id: 'school', title: 'School', description: 'Academics, studying and assignments.' },
  {
    id: 'god',
    title: 'God',
    description: 'Spiritual practices, devotions and faith-based commitments.',
  },
  { id: 'other', title: 'Other', description: 'Personal projects, health goals and habits.' },
];

/** The area's title as the home page shows it; Other when none is chosen yet. */
export function areaTitle(category: Category | null): string {
  return SUPPORT_AREAS.find((area) => area.id === category)?.title ?? 'Other';
}

/** The role step's question per area (its options are ROLE_OPTIONS). */
export const ROLE_QUESTIONS: Record<Category, string> = {
  work: 'Which best describes your role at work?',
  school: 'Which best describes you as a learner?',
  god: 'Which best describes where you are in your faith?',
  other: 'What would you like to be held accountable for?',
};
