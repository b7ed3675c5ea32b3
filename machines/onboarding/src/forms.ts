import {
  AccountForm,
  BookingForm,
  type Category,
  FeedbackForm,
  GoalForm,
  NameForm,
  ROLE_OPTIONS,
  RoleChoiceForm,
  RoleGoalForm,
} from '@app/contracts';
import type { FormChecks } from './checks.ts';
import type { FormErrors } from './types.ts';

function firstIssues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): FormErrors {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

function roleForm(category: Category | null, value: string) {
  const options: readonly string[] = category === null ? [] : ROLE_OPTIONS[category];
  if (options.length === 0) return RoleGoalForm.safeParse({ focusArea: value });
  const parsed = RoleChoiceForm.safeParse({ role: value });
  if (parsed.success && !options.includes(parsed.data.role)) {
    return RoleChoiceForm.safeParse({ role: '' });
  }
  return parsed;
}

/** The machine's form checks: the contracts' zod schemas of spec 5's forms. */
export const zodFormChecks: FormChecks = {
  role: (category, value) => {
    const message = roleForm(category, value).error?.issues[0]?.message;
    return message === undefined ? {} : { role: message };
  },
  name: (name) => firstIssues(NameForm.safeParse({ name })),
  goal: (goal) => firstIssues(GoalForm.safeParse({ goal })),
  account: (answer) => firstIssues(AccountForm.safeParse(answer)),
  booking: (answer) => firstIssues(BookingForm.safeParse(answer)),
  feedback: (answer) => firstIssues(FeedbackForm.safeParse(answer)),
};
