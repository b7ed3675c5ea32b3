import { MESSAGES } from '@app/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { button } from '../../components/ui.css.ts';
import * as styles from './HoldWarning.css.ts';

/**
 * The hold's warning on the steps after the team step: from a minute before the held slot is
 * released, every step says so and offers to hold it longer (WCAG 2.2.1), not only the team step.
 */
export interface HoldWarningProps {
  countdown: string;
  onExtend: () => void;
}

const HoldWarningContext = createContext<HoldWarningProps | null>(null);

export function HoldWarningProvider({
  warning,
  children,
}: {
  warning: HoldWarningProps | null;
  children: ReactNode;
}) {
  return <HoldWarningContext.Provider value={warning}>{children}</HoldWarningContext.Provider>;
}

/** Drawn by the step layout under the heading while the hold is ending. */
export function HoldWarning() {
  const warning = useContext(HoldWarningContext);
  if (warning === null) return null;
  return (
    <div className={styles.notice} role="alert">
      <p>
        <strong>{MESSAGES.holdEndingTitle}.</strong> {MESSAGES.holdEnding(warning.countdown)}
      </p>
      <button type="button" className={button.secondary} onClick={warning.onExtend}>
        {MESSAGES.holdExtend}
      </button>
    </div>
  );
}
