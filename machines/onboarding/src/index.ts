import { installFormChecks } from './checks.ts';
import { zodFormChecks } from './forms.ts';

export * from './flow.ts';
export { zodFormChecks } from './forms.ts';

installFormChecks(zodFormChecks);
