import { button } from '@app/ui/button.css';
import * as layout from '@app/ui/layout.css';
import { Link } from '@tanstack/react-router';
import { TestimonialCard } from '../components/TestimonialCard.tsx';
import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import { TESTIMONIALS } from '../content/testimonials.ts';

export function SuccessStoriesPage() {
  usePageTitle('Success Stories');
  return (
    <>
      <section className={ui.pageHeader}>
        <div className={layout.container}>
          <h1 className={ui.h1}>Success Stories</h1>
          <p className={ui.lead}>
            Real goals, reached with a little help from a team. Here is what members say about it.
          </p>
        </div>
      </section>
      <section className={ui.section} aria-label="Testimonials">
        <div className={layout.container}>
          <div className={ui.grid3}>
            {TESTIMONIALS.map((testimonial) => (
              <TestimonialCard key={testimonial.name} testimonial={testimonial} />
            ))}
          </div>
          <div className={ui.center}>
            <Link to="/onboarding" className={button.primary}>
              Get Started
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
