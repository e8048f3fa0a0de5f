import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` writes the migrations applied at start (server/db/client.ts). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
