/**
 * Operator accounts, from the command line: `pnpm --filter @app/tracker operator add EMAIL [NAME]`.
 * Makes the account an operator (a new one, or an existing account promoted) on the database the
 * tracker's settings name (DATABASE_URL, or TRACKER_DATA_DIR's PGlite, which must not be open in
 * a running tracker) and queues a mail with a link to set the password.
 */
import * as z from 'zod/mini';
import { addOperator, OPERATOR_LINK_MS } from './services/operators.ts';
import { buildTracker } from './tracker.ts';

const USAGE = 'usage: pnpm --filter @app/tracker operator add EMAIL [NAME]';

const [command, email, ...nameParts] = process.argv.slice(2);
if (command !== 'add' || email === undefined || !z.email().safeParse(email.trim()).success) {
  console.error(USAGE);
  process.exit(2);
}

let app: Awaited<ReturnType<typeof buildTracker>>;
try {
  app = await buildTracker();
} catch (error) {
  // Configuration and lock errors are written for people: print them without a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
try {
  const name = nameParts.join(' ').trim() || undefined;
  const { created } = await addOperator(app, email, name);
  // Give the outbox its chance to send now; what it cannot send the running tracker sends later.
  await app.mailer.flush().catch(() => 0);
  const hours = OPERATOR_LINK_MS / 3_600_000;
  console.log(
    `${created ? 'Created' : 'Promoted'} the operator account ${email.trim()}; ` +
      `a link to set its password (working for ${hours} hours) is in the mail queue.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await app.close();
}
