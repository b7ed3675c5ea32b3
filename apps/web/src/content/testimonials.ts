/** A static testimonial (spec 3). */
export interface Testimonial {
  name: string;
  role: string;
  image: string;
  quote: string;
  achievement: string;
  /** 1 to 5 stars. */
  rating: 1 | 2 | 3 | 4 | 5;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Priya Natarajan',
    role: 'Product Manager',
    image: '/images/testimonials/priya-natarajan.svg',
    quote:
      'Knowing three people would ask me the next morning was all it took. I stopped pushing the hard work to Friday afternoon.',
    achievement: 'Shipped a product launch two weeks early',
    rating: 5,
  },
  {
    name: 'Marcus Bell',
    role: 'College Student',
    image: '/images/testimonials/marcus-bell.svg',
    quote:
      'My team checked in every weekday during finals. A one-minute message turned into two hours of real study every night.',
    achievement: 'Raised his GPA from 2.7 to 3.4 in one semester',
    rating: 5,
  },
  {
    name: 'Grace Adeyemi',
    role: 'Youth Ministry Volunteer',
    image: '/images/testimonials/grace-adeyemi.svg',
    quote:
      'We pray for each other and ask about our quiet time. It is the first year I have kept a daily devotion past February.',
    achievement: 'Kept a daily devotion for 200 days in a row',
    rating: 5,
  },
  {
    name: 'Tomás Herrera',
    role: 'Entrepreneur',
    image: '/images/testimonials/tomas-herrera.svg',
    quote:
      'Running a business alone is lonely. My team does not let me hide from the sales calls I would rather avoid.',
    achievement: 'Doubled monthly sales calls and signed four new clients',
    rating: 4,
  },
  {
    name: 'Hannah Kim',
    role: 'Adult Learner',
    image: '/images/testimonials/hannah-kim.svg',
    quote:
      'Learning to code at 41 with a full-time job felt impossible. Small daily check-ins made it a habit instead of a wish.',
    achievement: 'Finished a 12-week coding course while working full time',
    rating: 5,
  },
  {
    name: 'David Osei',
    role: 'Nurse',
    image: '/images/testimonials/david-osei.svg',
    quote:
      'Night shifts wrecked every routine I tried. My team helped me plan the week ahead, and the twice-weekly calls kept me honest.',
    achievement: 'Ran his first half marathon after 16 weeks of training',
    rating: 4,
  },
];

/** The two shown on the home page, each with five stars (spec 9). */
export const HOME_TESTIMONIALS = TESTIMONIALS.filter((item) => item.rating === 5).slice(0, 2);
