import { Subscription } from 'rxjs';
import { createActor, type Actor, type InspectionEvent } from 'xstate';

type InspectionObserver = (event: InspectionEvent) => void;
import { ajaxPayload, PLEASE_WAIT, SYSTEM_AJAX_PATH, urlStanding, type AjaxPageState } from '@/domain/cms-ajax';
import { postAjax } from '@/effects/cms-ajax';
import { cmsAjaxMachine } from '@/machines/cms-ajax-machine';
import { applyAjaxCommands } from './cms-ajax-commands';

/** The I/O of a CMS asynchronous request; tests play the server through it. */
export interface CmsAjaxEffects {
  post: typeof postAjax;
  alert: (text: string) => void;
  log: (text: string) => void;
}

export const browserCmsAjaxEffects: CmsAjaxEffects = {
  post: postAjax,
  alert: (text) => window.alert(text),
  log: (text) => console.error(text),
};

/** The page state sent with each request (spec §7): the ids on the page, its stylesheets and scripts. */
export function pageState(): AjaxPageState {
  return {
    htmlIds: [...document.querySelectorAll('[id]')].map((element) => element.id).filter(Boolean),
    theme: 'rescms',
    themeToken: '',
    css: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href]')].map((link) => new URL(link.href).pathname),
    js: [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => new URL(script.src).pathname),
    jqueryVersion: 'none',
  };
}

let unloading = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (unloading = true));
  // Back from the back-forward cache: the page is live again.
  window.addEventListener('pageshow', () => (unloading = false));
}

export interface CmsAjaxClient {
  actor: Actor<typeof cmsAjaxMachine>;
  /** Sends the form's fields (and form_id) to `url`: system/ajax unless the form says otherwise. */
  submit(form: HTMLFormElement, url?: string): void;
  /** Called when a request has ended, whatever the outcome. */
  onCompleted(listener: (ok: boolean) => void): () => void;
  dispose(): void;
}

/**
 * One element's CMS asynchronous requests (spec §7, §8): the machine decides, this wires it to
 * the request, the commands, the alerts and the 'Please wait...' progress shown after the
 * element's submit button while the request runs.
 */
export function createCmsAjaxClient(
  element: HTMLElement,
  { trustedOrigins = [], effects = browserCmsAjaxEffects, inspect }: { trustedOrigins?: readonly string[]; effects?: CmsAjaxEffects; inspect?: InspectionObserver } = {},
): CmsAjaxClient {
  const actor = createActor(cmsAjaxMachine, { inspect }).start();
  const requests = new Subscription();
  const completed = new Set<(ok: boolean) => void>();
  let progress: HTMLElement | null = null;
  const showProgress = (pending: boolean) => {
    if (pending && !progress) {
      progress = document.createElement('div');
      progress.className = 'ajax-progress';
      progress.setAttribute('role', 'status');
      progress.textContent = PLEASE_WAIT;
      const button = element.querySelector('[type="submit"]');
      (button?.parentElement ?? element).append(progress);
    } else if (!pending && progress) {
      progress.remove();
      progress = null;
    }
  };
  const handlers = [
    actor.on('ajax.send', ({ url, fields }) =>
      requests.add(
        effects.post(url, ajaxPayload(fields, pageState())).subscribe((result) =>
          actor.send(result.type === 'ajax.http.failed' ? { ...result, unloading } : result),
        ),
      ),
    ),
    actor.on('ajax.commands.apply', ({ commands }) => {
      try {
        applyAjaxCommands(commands, element, effects.alert);
      } catch (error) {
        actor.send({ type: 'ajax.threw', message: error instanceof Error ? error.message : String(error) });
      }
    }),
    actor.on('ajax.alert', ({ text }) => effects.alert(text)),
    actor.on('ajax.error.logged', ({ text }) => effects.log(text)),
    actor.on('ajax.completed', ({ ok }) => completed.forEach((listener) => listener(ok))),
  ];
  const watching = actor.subscribe((snapshot) => showProgress(snapshot.hasTag('pending')));
  return {
    actor,
    submit(form, url = SYSTEM_AJAX_PATH) {
      const fields = [...new FormData(form).entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
      if (form.id && !fields.some(([name]) => name === 'form_id')) fields.push(['form_id', form.id]);
      actor.send({ type: 'ajax.requested', url, standing: urlStanding(url, window.location.origin, trustedOrigins), fields });
    },
    onCompleted(listener) {
      completed.add(listener);
      return () => completed.delete(listener);
    },
    dispose() {
      handlers.forEach((handler) => handler.unsubscribe());
      watching.unsubscribe();
      requests.unsubscribe();
      showProgress(false);
      actor.stop();
    },
  };
}
