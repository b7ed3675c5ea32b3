import type { Category } from '@app/contracts';
import { fillRoute, STEP_ROUTES } from '@app/onboarding/steps';
import { SUPPORT_AREAS } from '../../content/areas.ts';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';
import * as styles from './CategoryScreen.css.ts';

interface CategoryScreenProps {
  frame: StepFrame;
  onChoose: (category: Category) => void;
}

export function CategoryScreen({ frame, onChoose }: CategoryScreenProps) {
  return (
    <StepLayout
      screen="category"
      frame={frame}
      heading="In which area would you like someone asking if you did 'that thing'?"
    >
      {/* Each area also leads to its role step without script (the form's own navigation), so a
          tap on a phone still waiting for the page's code is not lost: once the code has run,
          the flow takes the choice instead. */}
      <form method="get">
        <ul className={styles.choices} aria-label="Areas">
          {SUPPORT_AREAS.map((area) => (
            <li key={area.id}>
              <button
                type="submit"
                formAction={fillRoute(STEP_ROUTES.role, area.id)}
                className={styles.choice}
                onClick={(event) => {
                  event.preventDefault();
                  onChoose(area.id);
                }}
              >
                <span>
                  <span className={styles.title}>{area.title}</span>
                  <span className={styles.description}>{area.description}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </form>
    </StepLayout>
  );
}
