/**
 * The CMS asynchronous requests of the site's own forms (spec §7 CMS asynchronous requests):
 *
 *   POST /system/ajax  (form-encoded: form_id, the form's fields, ajax_html_ids[], ajax_page_state[…], js=true)
 *     → 200 a list of commands (insert, remove, changed, alert, css, settings, data, invoke,
 *       restripe, add_css, updateBuildId) the browser applies (src/effects/cms-ajax.ts);
 *     → 400 a list of commands too when the form is refused (the errors shown in the form, the
 *       visitor's entries kept), or for a form id the site does not have.
 *
 * Each form the site answers here is registered by its form id with its server callback. The
 * route changes state, so server/security refuses other sites and counts it under the `form` limit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SYSTEM_AJAX_PATH } from '../../src/domain/cms-ajax.ts';
import { acceptFormBodies } from '../form-body.ts';

/** Form posts are small; the largest field (a message) is 1000 characters. */
const AJAX_BODY_LIMIT = 32 * 1024;

/** The commands the browser applies, as the CMS sends them. */
export type AjaxCommand =
  | { command: 'insert'; method: 'replaceWith' | 'html' | 'append' | 'prepend' | 'before' | 'after'; selector: string; data: string }
  | { command: 'remove'; selector: string }
  | { command: 'changed'; selector: string; asterisk?: string }
  | { command: 'alert'; text: string; title?: string }
  | { command: 'css'; selector: string; argument: Record<string, string> }
  | { command: 'settings'; settings: Record<string, unknown>; merge?: boolean }
  | { command: 'data'; selector: string; name: string; value: string }
  | { command: 'invoke'; selector: string; method: string; arguments?: unknown[] }
  | { command: 'restripe'; selector: string }
  | { command: 'add_css'; data: string }
  | { command: 'updateBuildId'; old: string; new: string };

/** A form refused: the status and the commands that show why. */
export class AjaxRefused extends Error {
  constructor(
    readonly statusCode: number,
    readonly commands: AjaxCommand[],
  ) {
    super(`refused with ${statusCode}`);
  }
}

export interface AjaxForm {
  /** The server callback's name (the CMS's #ajax callback), for the log. */
  callback: string;
  /** Answers the commands; throws AjaxRefused for a post it refuses. */
  submit(fields: URLSearchParams, request: FastifyRequest): Promise<AjaxCommand[]>;
}

const FORM_ID = /^[a-z0-9_-]{1,100}$/;

export async function registerSystemAjax(app: FastifyInstance, forms: Readonly<Record<string, AjaxForm>>): Promise<void> {
  await app.register(async (scope) => {
    acceptFormBodies(scope, AJAX_BODY_LIMIT);
    // Refused before the form saw it (a body too large, text that is not text: server/security/text-input.ts): an alert, as the browser applies commands.
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'system/ajax request failed');
      const text = status >= 500 ? 'The form could not be sent just now. Please try again.' : error.message;
      return reply.status(status).header('cache-control', 'no-store').send([{ command: 'alert', text }] satisfies AjaxCommand[]);
    });
    scope.post(SYSTEM_AJAX_PATH, { config: { limit: 'form' } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const refuse = (status: number, text: string) => reply.status(status).send([{ command: 'alert', text }] satisfies AjaxCommand[]);
      if (!(request.body instanceof URLSearchParams)) return refuse(415, 'Send the form form-encoded (application/x-www-form-urlencoded).');
      const ids = request.body.getAll('form_id');
      const formId = ids[0] ?? '';
      if (ids.length !== 1 || !FORM_ID.test(formId)) return refuse(400, 'The form has no valid form_id.');
      const form = Object.hasOwn(forms, formId) ? forms[formId] : undefined;
      if (!form) return refuse(400, `This site has no form ${formId} to send.`);
      try {
        return await form.submit(request.body, request);
      } catch (error) {
        if (error instanceof AjaxRefused) return reply.status(error.statusCode).send(error.commands);
        request.log.error({ err: error, formId, callback: form.callback }, 'system/ajax form failed');
        return refuse(500, 'The form could not be sent just now. Please try again.');
      }
    });
  });
}
