import type { AjaxCommand } from '@/domain/cms-ajax';
import { sanitizeHtml } from './html-sanitizer';

/**
 * Applies the commands of a CMS asynchronous answer to the page (spec §7): insert, remove,
 * changed, alert, css, settings, data, invoke, restripe, add_css and updateBuildId. Inserted
 * HTML always passes the one sanitizer (no script, no handler, no javascript: URL ever runs).
 * `scope` is the element the request came from: an insert without a selector replaces it.
 */

/** Settings merged by 'settings' commands, for the page's behaviours to read. */
export const ajaxSettings: Record<string, unknown> = {};

/** Values stored by 'data' commands on elements (as jQuery.data keeps them). */
export const ajaxData = new WeakMap<Element, Record<string, unknown>>();

const INSERT_METHODS = ['replaceWith', 'html', 'append', 'prepend', 'before', 'after'] as const;

/** What an 'invoke' command may call: class and visibility changes and focus, nothing that runs code. */
const INVOKABLE: Record<string, (element: HTMLElement, args: unknown[]) => void> = {
  addClass: (element, [name]) => element.classList.add(...String(name ?? '').split(/\s+/).filter(Boolean)),
  removeClass: (element, [name]) => element.classList.remove(...String(name ?? '').split(/\s+/).filter(Boolean)),
  toggleClass: (element, [name]) => String(name ?? '').split(/\s+/).filter(Boolean).forEach((one) => element.classList.toggle(one)),
  hide: (element) => (element.hidden = true),
  show: (element) => (element.hidden = false),
  focus: (element) => element.focus(),
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function targets(command: AjaxCommand, scope: Element | null): Element[] {
  const selector = text(command.selector);
  if (!selector) return scope ? [scope] : [];
  return [...document.querySelectorAll(selector)];
}

function fragmentOf(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = sanitizeHtml(html);
  return template.content;
}

function apply(command: AjaxCommand, scope: Element | null, alert: (text: string) => void): void {
  switch (command.command) {
    case 'insert': {
      const method = INSERT_METHODS.find((one) => one === command.method) ?? 'replaceWith';
      for (const target of targets(command, scope)) {
        const content = fragmentOf(text(command.data));
        if (method === 'html') target.replaceChildren(content);
        else target[method](content);
      }
      return;
    }
    case 'remove':
      targets(command, null).forEach((target) => target.remove());
      return;
    case 'changed':
      for (const target of targets(command, null)) {
        target.classList.add('ajax-changed');
        const asterisk = text(command.asterisk);
        const marker = asterisk ? target.querySelector(asterisk) : null;
        if (marker) marker.append(fragmentOf('<abbr class="ajax-changed" title="Changed">*</abbr>'));
      }
      return;
    case 'alert':
      alert(text(command.text));
      return;
    case 'css': {
      const properties = typeof command.argument === 'object' && command.argument !== null ? (command.argument as Record<string, unknown>) : {};
      for (const target of targets(command, null)) {
        if (!(target instanceof HTMLElement)) continue;
        for (const [name, value] of Object.entries(properties)) target.style.setProperty(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), text(value) || String(value));
      }
      return;
    }
    case 'settings':
      if (typeof command.settings === 'object' && command.settings !== null) Object.assign(ajaxSettings, command.settings);
      return;
    case 'data':
      for (const target of targets(command, null)) ajaxData.set(target, { ...ajaxData.get(target), [text(command.name)]: command.value });
      return;
    case 'invoke': {
      const call = INVOKABLE[text(command.method)];
      if (!call) throw new Error(`The command invoke cannot call ${text(command.method) || 'nothing'}`);
      const args = Array.isArray(command.arguments) ? (command.arguments as unknown[]) : [];
      targets(command, scope).forEach((target) => target instanceof HTMLElement && call(target, args));
      return;
    }
    case 'restripe':
      for (const table of targets(command, null)) {
        table.querySelectorAll(':scope > tbody > tr:not(:is([hidden]))').forEach((row, index) => {
          row.classList.toggle('odd', index % 2 === 0);
          row.classList.toggle('even', index % 2 === 1);
        });
      }
      return;
    case 'add_css': {
      // CSS only: a style element whose text cannot close it and open markup.
      const style = document.createElement('style');
      style.textContent = text(command.data).replace(/<\/?style/gi, '');
      document.head.append(style);
      return;
    }
    case 'updateBuildId':
      document.querySelectorAll<HTMLInputElement>(`input[name="form_build_id"][value="${CSS.escape(text(command.old))}"]`).forEach((input) => {
        input.value = text(command.new);
      });
      return;
  }
}

/** Applies every command in order; the first that cannot be carried out throws (the machine alerts it). */
export function applyAjaxCommands(commands: readonly AjaxCommand[], scope: Element | null, alert: (text: string) => void = (message) => window.alert(message)): void {
  for (const command of commands) apply(command, scope, alert);
}
