import type { Category } from '@app/contracts';

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
