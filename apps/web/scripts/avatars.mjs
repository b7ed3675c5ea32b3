// Draws the illustrated portraits in public/images as small SVG files. The people are invented;
// each portrait is a few shapes (background, shoulders, head, hair, face), about 1 KB.
// Run: node scripts/avatars.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../public/images/', import.meta.url));

const HAIR = {
  short: (c) =>
    `<path d="M40 58c-2-20 10-32 24-32s27 10 24 32c-3-9-8-14-12-15-8 4-20 5-30 2-3 3-5 7-6 13z" fill="${c}"/>`,
  long: (c) =>
    `<path d="M36 100c-6-30-4-72 28-74 32 2 34 44 28 74-4-2-7-6-8-12 3-14 3-28-4-36-9 5-22 6-32 3-6 9-6 22-4 33-1 6-4 10-8 12z" fill="${c}"/>`,
  bun: (c) =>
    `<circle cx="64" cy="22" r="11" fill="${c}"/><path d="M40 60c-3-22 9-32 24-32s27 10 24 32c-4-10-12-16-24-16s-20 6-24 16z" fill="${c}"/>`,
  curly: (c) =>
    `<g fill="${c}"><circle cx="46" cy="40" r="11"/><circle cx="58" cy="31" r="12"/><circle cx="72" cy="31" r="12"/><circle cx="83" cy="41" r="11"/><circle cx="41" cy="52" r="8"/><circle cx="87" cy="53" r="8"/></g>`,
  crop: (c) =>
    `<path d="M41 54c0-18 10-27 23-27s23 9 23 27c-5-6-13-9-23-9s-18 3-23 9z" fill="${c}"/>`,
  wavy: (c) =>
    `<path d="M38 70c-4-26 6-44 26-44s31 18 26 44c-2-8-4-14-8-18-8 3-16-2-22-5-6 4-12 6-18 6-2 4-3 10-4 17z" fill="${c}"/>`,
};

function portrait(title, { bg, skin, hair, hairColor, shirt, glasses = false, beard = false }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<title>${title}</title>
<circle cx="64" cy="64" r="64" fill="${bg}"/>
<clipPath id="c"><circle cx="64" cy="64" r="64"/></clipPath>
<g clip-path="url(#c)">
${hair === 'long' ? HAIR.long(hairColor) : ''}
<path d="M18 128c2-22 20-34 46-34s44 12 46 34z" fill="${shirt}"/>
<path d="M55 82h18v14c-4 4-14 4-18 0z" fill="${skin}"/>
<ellipse cx="64" cy="62" rx="22" ry="26" fill="${skin}"/>
${hair !== 'long' ? HAIR[hair](hairColor) : `<path d="M42 58c2-14 10-22 22-22s20 8 22 22c-6-8-14-12-22-12s-16 4-22 12z" fill="${hairColor}"/>`}
${beard ? `<path d="M43 66c2 16 10 24 21 24s19-8 21-24c-4 6-10 8-21 8s-17-2-21-8z" fill="${hairColor}"/>` : ''}
<circle cx="55" cy="63" r="2.6" fill="#1f2937"/><circle cx="73" cy="63" r="2.6" fill="#1f2937"/>
<path d="M56 75c5 5 11 5 16 0" fill="none" stroke="#7c2d12" stroke-width="2.4" stroke-linecap="round"/>
${glasses ? '<g fill="none" stroke="#1f2937" stroke-width="2"><circle cx="55" cy="63" r="7"/><circle cx="73" cy="63" r="7"/><path d="M62 63h4"/></g>' : ''}
</g>
</svg>
`;
}

const PEOPLE = {
  'testimonials/priya-natarajan': {
    bg: '#dbeafe',
    skin: '#b77b57',
    hair: 'long',
    hairColor: '#1c1917',
    shirt: '#1e40af',
  },
  'testimonials/marcus-bell': {
    bg: '#fef3c7',
    skin: '#7a4a2e',
    hair: 'crop',
    hairColor: '#111827',
    shirt: '#b45309',
  },
  'testimonials/grace-adeyemi': {
    bg: '#fce7f3',
    skin: '#5c3a24',
    hair: 'curly',
    hairColor: '#1c1917',
    shirt: '#9d174d',
  },
  'testimonials/tomas-herrera': {
    bg: '#dcfce7',
    skin: '#c68a62',
    hair: 'short',
    hairColor: '#3f2a1d',
    shirt: '#166534',
    beard: true,
  },
  'testimonials/hannah-kim': {
    bg: '#ede9fe',
    skin: '#e8c2a0',
    hair: 'bun',
    hairColor: '#111827',
    shirt: '#5b21b6',
    glasses: true,
  },
  'testimonials/david-osei': {
    bg: '#ccfbf1',
    skin: '#6b4128',
    hair: 'crop',
    hairColor: '#0f0f0f',
    shirt: '#0f766e',
    glasses: true,
  },
  'about/rachel-moreno': {
    bg: '#e0e7ff',
    skin: '#d9a37e',
    hair: 'wavy',
    hairColor: '#7c2d12',
    shirt: '#312e81',
  },
  'about/james-whitfield': {
    bg: '#fee2e2',
    skin: '#f1c9a5',
    hair: 'short',
    hairColor: '#a8a29e',
    shirt: '#7f1d1d',
    glasses: true,
  },
  'about/aisha-rahman': {
    bg: '#d1fae5',
    skin: '#a86f4c',
    hair: 'long',
    hairColor: '#292524',
    shirt: '#065f46',
  },
  'team/maya-chen': {
    bg: '#e0f2fe',
    skin: '#eac6a4',
    hair: 'long',
    hairColor: '#111827',
    shirt: '#0369a1',
  },
  'team/daniel-okafor': {
    bg: '#fef9c3',
    skin: '#5a3825',
    hair: 'crop',
    hairColor: '#0f0f0f',
    shirt: '#854d0e',
    beard: true,
  },
  'team/sofia-ramirez': {
    bg: '#fae8ff',
    skin: '#c99470',
    hair: 'wavy',
    hairColor: '#3b2416',
    shirt: '#86198f',
  },
};

for (const [name, person] of Object.entries(PEOPLE)) {
  const who = name
    .split('/')[1]
    .split('-')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
  writeFileSync(`${out}${name}.svg`, portrait(`Portrait of ${who}`, person));
}
