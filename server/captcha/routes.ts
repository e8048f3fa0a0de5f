import type { FastifyInstance } from 'fastify';
import type { CaptchaService } from './captcha-service.ts';

/** Where the ALTCHA widget asks for a challenge (src/domain/captcha.ts ALTCHA_CHALLENGE_PATH). */
export const CHALLENGE_PATH = '/captcha/challenge';

/**
 * GET /captcha/challenge (self-hosted ALTCHA only): a new signed proof-of-work challenge, never
 * cached, rate limited per client (the `captcha` limit). Other providers make their own.
 */
export function registerCaptchaRoutes(app: FastifyInstance, captcha: CaptchaService): void {
  if (captcha.provider !== 'altcha') return;
  app.get(CHALLENGE_PATH, { config: { limit: 'captcha' } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(await captcha.challenge()),
  );
}
