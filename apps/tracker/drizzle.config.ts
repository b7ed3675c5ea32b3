import { defineConfig } from 'drizzle-kit';

/** `pnpm db:generate` compares src/db/schema.ts with the last snapshot and writes a migration. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
});
