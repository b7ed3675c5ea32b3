import { DRAFT_FIELDS, type DraftField } from '@app/onboarding/steps';
import { useLayoutEffect, useState } from 'react';

/**
 * Text typed on a step but not yet submitted, kept in session storage so that a reload, Back or
 * Forward does not lose it. Passwords are never kept. The whole set is removed when the flow
 * ends (see OnboardingPage) and disappears with the tab. The fields are the step table's.
 */

const PREFIX = 'onboarding_draft:';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function attempt(run: () => void) {
  try {
    run();
  } catch {
    // Private mode or a full quota: the form works without drafts.
  }
}

export function readDraft(field: DraftField): string | null {
  try {
    return storage()?.getItem(PREFIX + field) ?? null;
  } catch {
    return null;
  }
}

export function clearDrafts(): void {
  for (const field of DRAFT_FIELDS) attempt(() => storage()?.removeItem(PREFIX + field));
}

/**
 * A text field's value, starting from its draft when there is one, else from `initial`. The draft
 * is read after mounting (before the browser paints): the first render must be the one the
 * prerendered page shows, which knows nothing of this tab's storage.
 */
export function useDraft(field: DraftField, initial = ''): [string, (value: string) => void] {
  const [value, setValue] = useState(initial);
  useLayoutEffect(() => {
    const draft = readDraft(field);
    if (draft !== null) setValue(draft);
  }, [field]);
  const update = (next: string) => {
    setValue(next);
    attempt(() => storage()?.setItem(PREFIX + field, next));
  };
  return [value, update];
}
