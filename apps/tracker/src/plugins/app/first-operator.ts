import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureFirstOperator } from '../../services/operators.ts';

/**
 * ADMIN_EMAIL's operator account, made at start-up while the tracker has no operator at all (as
 * `operator add EMAIL` would make it, with the mail to set its password). Once any operator
 * exists, a start does nothing here.
 */
export default fp(
  async function firstOperator(app: FastifyInstance) {
    const email = app.trackerConfig.adminEmail;
    if (email === undefined) return;
    app.addHook('onReady', async () => {
      const made = await ensureFirstOperator(app, email);
      if (made) {
        app.log.info(
          { operator: made.id },
          `${made.created ? 'Created' : 'Promoted'} the first operator from ADMIN_EMAIL; the link to set its password is in the mail queue`,
        );
      }
    });
  },
  { name: 'first-operator', dependencies: ['tracker-config', 'repositories', 'mailer'] },
);
