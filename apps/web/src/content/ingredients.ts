/** The seven ingredients of the formula for success (spec 2, How it works), in order. */
export const INGREDIENTS: readonly { name: string; text: string }[] = [
  {
    name: 'Goal Setting',
    text: 'Turn a vague wish into one clear goal you can describe in a sentence, with a first step you can take this week.',
  },
  {
    name: 'Accountability',
    text: 'A small team of peers asks whether you did that thing. Knowing someone will ask is often all it takes to start.',
  },
  {
    name: 'Tracking Progress',
    text: 'A quick daily follow-up, one or two minutes, five days a week, shows you and your team how far you have come.',
  },
  {
    name: 'Pre-Commitment Devices and Pre-Planning',
    text: 'Decide in advance when, where and how the work happens, so the decision is already made when the moment comes.',
  },
  {
    name: 'Social Expectations',
    text: 'Telling people you respect what you plan to do makes follow-through the natural choice.',
  },
  {
    name: 'Timely Dose-Sized Productivity Content',
    text: 'Short, practical lessons arrive when they are useful: a few minutes of advice, not another course to finish.',
  },
  {
    name: 'Top Coaches',
    text: 'Experienced coaches shape the program and the content, so your team benefits from what has worked for others.',
  },
];
