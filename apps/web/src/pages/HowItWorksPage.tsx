import { button } from '@app/ui/button.css';
import * as layout from '@app/ui/layout.css';
import { Link } from '@tanstack/react-router';
import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import { INGREDIENTS } from '../content/ingredients.ts';
import * as styles from './HowItWorksPage.css.ts';

export function HowItWorksPage() {
  usePageTitle('How It Works');
  return (
    <>
      <section className={ui.pageHeader}>
        <div className={layout.container}>
          <h1 className={ui.h1}>How It Works</h1>
          <p className={ui.lead}>
            Our formula for success has {INGREDIENTS.length} ingredients. Each one helps; together
            they make follow-through the easy choice.
          </p>
          <div className={ui.center}>
            <Link to="/onboarding" className={button.primary}>
              Get Started
            </Link>
          </div>
        </div>
      </section>
      <section className={ui.section} aria-labelledby="ingredients-heading">
        <div className={layout.container}>
          <h2 id="ingredients-heading" className={ui.h2}>
            The {INGREDIENTS.length} Ingredients
          </h2>
          <ol className={styles.list}>
            {INGREDIENTS.map((ingredient, index) => (
              <li key={ingredient.name} className={`${layout.card} ${styles.item}`}>
                <span className={styles.number} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className={ui.h3}>
                    <span className={layout.visuallyHidden}>{index + 1}. </span>
                    {ingredient.name}
                  </h3>
                  <p className={layout.muted}>{ingredient.text}</p>
                </div>
              </li>
            ))}
          </ol>
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
