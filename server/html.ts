import type { PageMeta } from '../src/domain/seo/page-meta.ts';
import type { PageSettings } from '../src/domain/settings.ts';

export interface PageAssets {
  scripts: string[];
  /** Module scripts the page needs at once (its page module and their imports), fetched beside the entry. */
  preloads?: string[];
  styles: string[];
  /** Extra head HTML (the Vite client and React refresh preamble in development). */
  headHtml?: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** JSON safe inside a <script> element: no '<', so no '</script>' or '<!--' can close it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Runs before the first paint, so that what the browser knows and the server could not does not
 * make the page jump once scripts run (issue 10: CLS):
 * - a search page opened with a search in its hash (the server rendered the default search): its
 *   results and facets stay hidden until the browser's search for the hash has answered
 *   (search-wiring.ts), at most 5 s;
 * - /mytrip and checkout with a Trips Collection in local storage (or a shared one in the
 *   address): the empty state the server rendered stays hidden and the order's place is kept
 *   (order-wiring.ts keeps the mark in step with the order).
 */
const PRE_PAINT_SCRIPT =
  'var d=document.documentElement,l=location;' +
  'if(/^\\/search(?:\\/map)?\\/?$/.test(l.pathname)&&/(?:^#|&)(?:q|fq|sort|start|rows)=/.test(l.hash)){' +
  'd.dataset.searchHash="";setTimeout(function(){delete d.dataset.searchHash},5000)}' +
  'if(/^\\/(?:mytrip|rescms\\/order\\/checkout)\\/?$/.test(l.pathname))try{' +
  'var o=JSON.parse(localStorage.getItem("rcriotorder")||"null");' +
  'if(o&&o.lis&&Object.keys(o.lis).length||/[?#&](?:rcod|short-url)=/.test(l.search+l.hash))d.dataset.trip=""}catch(e){}';

/**
 * Taps that come before the page's scripts have started (they start after the first paint, see
 * startScripts) are kept and played again once the page is live, so none is lost: a click or a
 * submit is held (its default action too). `__earlyInput.release()` (once the page has hydrated,
 * src/bindings/early-input.ts) first tells React the text typed meanwhile into the hydrated page's
 * fields (`retell`), then, a task later (once React has taken it in), tells the element under the
 * pointer and the focused one that they are hovered and focused, plays the clicks again on their
 * elements and submits the held forms. Links to other pages are left alone: they work without
 * scripts. If the entry cannot load, or nothing has released the events after 15 s, they are
 * given back to the browser as they are.
 *
 * Until then a press's pointer, mouse and touch events go no further than the document (issue
 * 24): React, listening on the root, would otherwise finish hydrating the whole page inside the
 * press (hydration runs as a transition, in slices), and the visitor would wait that long for the
 * next frame; the click the press ends in is kept and played anyway. Other listeners on the
 * document still hear them (an island wakes on a press, src/bindings/island.tsx).
 *
 * `retell(container, skip)`: hydration keeps what a visitor typed into a field but React's state
 * still has the server's value, so a form would send the server's value. Each such field is told
 * again as React would have heard it: its value is put back to the rendered one through React's
 * value tracker, the visitor's text is set past the tracker (the element's own setter) and an input
 * event follows (React's onChange). Islands call it for their fields when they wake.
 *
 * Keys typed into an editable element (a date field's segments, contenteditable) of an island not
 * yet live are kept whenever they come, before or after the page has hydrated: the element's text
 * is left as the server rendered it (React would find it changed and render the part afresh).
 * `retell(container)` without `skip` (an island that has just woken) then plays the keys typed into
 * its elements, in order, one a task (React renders each before the next), after the island's
 * missed click (two tasks on): each where focus is, after the element it was typed into is focused
 * again when that changes (a date field moves on from the month to the day by itself); characters
 * as beforeinput (react-aria's date segments take text from it), Backspace, Delete and the arrows
 * as keydown, a paste as a paste event with its text. Keys typed while an island's kept keys are
 * being played are kept behind them (played where focus is then), not given to the live field: it
 * would take them first, and the older keys, played after, would land in the segment focus had
 * moved back to (05192027 became 1/9/2027). So are keys typed between the island's waking and its
 * missed click, even when none came before: the click, played after them, would focus the segment
 * again and drop the digit it held (12/30/2026 became 2/28/202). Only the visitor's own (trusted)
 * events are kept.
 */
const EARLY_INPUT_SCRIPT =
  '(function(d,w){var q=[],h=function(e){var t=e.target;if(!(t instanceof Element))return;' +
  'var a=t.closest("a[href]");if(a&&a.getAttribute("href").charAt(0)!=="#")return;' +
  'e.preventDefault();e.stopImmediatePropagation();q.push({t:t,s:e.type==="submit"?e.submitter||null:void 0})},' +
  'retell=function(c,skip){c.querySelectorAll("input,textarea").forEach(function(f){' +
  'if(/^(checkbox|radio|file|hidden|submit|button|reset|image)$/.test(f.type)||skip&&skip(f))return;var v=f.value;if(v===f.defaultValue)return;' +
  'f.value=f.defaultValue;Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f),"value").set.call(f,v);f.dispatchEvent(new Event("input",{bubbles:true}))});' +
  'if(skip)return;var r=K.filter(function(x){return c.contains(x.t)}),p,g={c:c,r:r},n=function(i){var x=r[i],a,t,v;' +
  'if(!x){D.splice(D.indexOf(g),1);return}t=x.t;if(t.isConnected){if(!x.f&&t!==p){t.focus();p=t}a=d.activeElement;t=c.contains(a)?a:t;' +
  'if(x.v){v=new DataTransfer;v.setData("text/plain",x.k);t.dispatchEvent(new ClipboardEvent("paste",{clipboardData:v,bubbles:true,cancelable:true}))}' +
  'else t.dispatchEvent(x.k[1]?new KeyboardEvent("keydown",{key:x.k,bubbles:true,cancelable:true}):new InputEvent("beforeinput",{inputType:"insertText",data:x.k,bubbles:true,cancelable:true}))}' +
  'setTimeout(n,0,i+1)};K=K.filter(function(x){return r.indexOf(x)<0});D.push(g);setTimeout(function(){setTimeout(n,0,0)},0)},' +
  'play=function(r){var o=d.querySelectorAll(":hover");o=o[o.length-1];' +
  'if(o){o.dispatchEvent(new PointerEvent("pointerover",{bubbles:true,pointerType:"mouse",isPrimary:true}));o.dispatchEvent(new MouseEvent("mouseover",{bubbles:true}))}' +
  'var f=d.activeElement;if(f&&f!==d.body)f.dispatchEvent(new FocusEvent("focusin",{bubbles:true}));' +
  'r.forEach(function(x){if(!x.t.isConnected)return;if(x.s!==void 0)x.t.requestSubmit(x.s&&x.s.form===x.t?x.s:void 0);' +
  'else x.t.dispatchEvent(new MouseEvent("click",{bubbles:true,cancelable:true,view:w}))})},' +
  'P=["pointerdown","pointerup","mousedown","mouseup","touchstart","touchend"],S=function(e){e.stopPropagation()},' +
  'K=[],D=[],k=function(e){var t=e.target,x=e.key,g;if(!e.isTrusted||!(t instanceof Element)||!t.isContentEditable)return;' +
  'g=D.filter(function(y){return y.c.contains(t)})[0];if(!g&&!t.closest("[data-island]:not([data-live])"))return;' +
  'if(e.type=="paste")x=e.clipboardData&&e.clipboardData.getData("text/plain");' +
  'else if(e.type=="keydown"){if(!x||e.ctrlKey||e.metaKey||e.altKey||x[1]&&!/^(Backspace|Delete|Arrow)/.test(x))return}else x=e.inputType=="insertText"&&e.data;' +
  'e.preventDefault();x&&(g?g.r:K).push({t:t,k:x,f:!!g,v:e.type=="paste"})};' +
  '["keydown","beforeinput","paste"].forEach(function(t){d.addEventListener(t,k,true)});' +
  'd.addEventListener("click",h,true);d.addEventListener("submit",h,true);P.forEach(function(t){d.addEventListener(t,S,{capture:true,passive:true})});' +
  'w.__earlyInput={retell:retell,release:function(){if(!q)return;var r=q,root=d.getElementById("root");q=null;' +
  'd.removeEventListener("click",h,true);d.removeEventListener("submit",h,true);P.forEach(function(t){d.removeEventListener(t,S,{capture:true})});' +
  'if(root)retell(root,function(f){return f.closest("[data-island]:not([data-live])")});setTimeout(function(){play(r)},0)}};' +
  'setTimeout(w.__earlyInput.release,15000)})(document,window);';

/**
 * The inline script at the end of the body that fetches and starts the page's modules once it has
 * shown its content: just after the browser reports the first contentful paint (where it cannot,
 * after the next frame), or after a second whatever happens (a tab opened in the background paints
 * nothing). Until then the connection carries only what the first paint needs (the HTML, its style
 * sheets, the first images), and no script runs before the content is on the screen (Lighthouse
 * counts a script fetched before the largest paint as holding it up). The page's chunks are
 * preloaded at once beside the entry. The elements carry this script's nonce (the
 * Content-Security-Policy allows nonced scripts only). Taps in the meantime are kept
 * (EARLY_INPUT_SCRIPT); if a script cannot load they are given back to the browser.
 */
export function startScripts(modules: { scripts: readonly string[]; preloads: readonly string[] }): string {
  return (
    `(function(m,n){var go=function(){if(!m)return;m.preloads.forEach(function(u){var l=document.createElement("link");` +
    `l.rel="modulepreload";l.href=u;document.head.appendChild(l)});m.scripts.forEach(function(u){` +
    `var e=document.createElement("script");e.type="module";e.src=u;e.nonce=n;` +
    `e.onerror=function(){window.__earlyInput&&window.__earlyInput.release()};document.head.appendChild(e)});m=null};` +
    `try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}})` +
    `.observe({type:"paint",buffered:true})}catch(x){requestAnimationFrame(function(){setTimeout(go,0)})}setTimeout(go,1000)})` +
    `(${jsonForScript(modules)},document.currentScript.nonce)`
  );
}

/** Description, canonical address, robots, Open Graph and Twitter card tags, and JSON-LD of a page. */
export function metaTags(meta: PageMeta, title: string, siteName: string): string {
  const tag = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [tag('name', 'description', meta.description)];
  if (meta.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(meta.canonical)}">`, tag('property', 'og:url', meta.canonical));
  if (!meta.index) tags.push(tag('name', 'robots', 'noindex'));
  tags.push(tag('property', 'og:site_name', siteName), tag('property', 'og:type', meta.type), tag('property', 'og:title', title), tag('property', 'og:description', meta.description));
  if (meta.image) {
    tags.push(
      tag('property', 'og:image', meta.image.url),
      tag('property', 'og:image:width', String(meta.image.width)),
      tag('property', 'og:image:height', String(meta.image.height)),
      tag('property', 'og:image:alt', meta.image.alt),
    );
  }
  tags.push(tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'));
  for (const data of meta.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.join('');
}

/** The HTML document around a server-rendered page; the settings object travels as inert JSON. */
export function htmlDocument(options: {
  title: string;
  /** The page's description and what search engines and link previews read (else the site's description alone). */
  meta?: PageMeta;
  description: string;
  body: string;
  page: PageSettings;
  /** The routes' loader data and errors, which the browser hydrates with (inert JSON). */
  routeData?: unknown;
  assets: PageAssets;
  nonce: string;
}): string {
  const { title, meta, description, body, page, routeData, assets, nonce } = options;
  const styles = assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  // The page is complete without its scripts (they hydrate it): they are fetched and run once its
  // content is on the screen (startScripts), so neither the first nor the largest paint waits for
  // 100 kB of JavaScript on a slow phone.
  const start = `<script nonce="${nonce}">${startScripts({ scripts: assets.scripts, preloads: assets.preloads ?? [] })}</script>`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title>` +
    (meta ? metaTags(meta, title, page.settings.site.name) : `<meta name="description" content="${escapeHtml(description)}">`) +
    '<meta name="theme-color" content="#0e7490"><link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `<script nonce="${nonce}">${PRE_PAINT_SCRIPT}${EARLY_INPUT_SCRIPT}</script>` +
    `${assets.headHtml ?? ''}${styles}` +
    `<script id="page-settings" type="application/json">${jsonForScript(page)}</script>` +
    `<script id="route-data" type="application/json">${jsonForScript(routeData ?? null)}</script>` +
    `</head><body><div id="root">${body}</div>${start}</body></html>`
  );
}
