import type { Category } from '@app/contracts';
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
      <ul className={styles.choices} aria-label="Areas">
        {SUPPORT_AREAS.map((area) => (
          <li key={area.id}>
            <button type="button" className={styles.choice} onClick={() => onChoose(area.id)}>
              <span>
                <span className={styles.title}>{area.title}</span>
                <span className={styles.description}>{area.description}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </StepLayout>
  );
}
