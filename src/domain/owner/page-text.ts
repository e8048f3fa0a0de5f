/**
 * A content page's text as its owner types it, and the HTML the page shows. The owner writes
 * plain text with a few marks, never HTML:
 *
 *   ## A heading            a line of its own
 *   - an item               lines in a row make one list
 *   **bold** and [a link](https://example.com/ or /a-page-of-this-site)
 *   a blank line            ends a paragraph
 *
 * Everything else is text: '<script>' typed in a page is shown as '<script>'. The HTML written
 * from it uses p, h2, ul, li, strong and a only, so it reads back into the same text (the pages
 * the demo brings are written in that subset too).
 */

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const unescape = (html: string): string =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** A link the page may hold: https, mailto, tel, or a path of this site. */
function safeHref(href: string): string | null {
  if (/^https:\/\/[^\s"<>]+$/i.test(href) || /^mailto:[^\s"<>]+$/i.test(href) || /^tel:[0-9+ ()-]+$/i.test(href)) return href;
  if (/^\/(?![/\\])[^\s"<>]*$/.test(href)) return href;
  return null;
}

/** One line's marks: **bold** and [text](link), the rest escaped. */
function inline(text: string): string {
  let html = '';
  const marks = /\*\*([^*\n]+)\*\*|\[([^\]\n]+)\]\(([^)\s]+)\)/g;
  let at = 0;
  for (let match = marks.exec(text); match; match = marks.exec(text)) {
    html += escape(text.slice(at, match.index));
    if (match[1] !== undefined) html += `<strong>${escape(match[1])}</strong>`;
    else {
      const href = safeHref(match[3] ?? '');
      html += href ? `<a href="${escape(href)}">${escape(match[2] ?? '')}</a>` : escape(match[0]);
    }
    at = match.index + match[0].length;
  }
  return html + escape(text.slice(at));
}

/**
 * The page's HTML from its text.
 *
 * @example pageTextToHtml('## Visit us\nCall **now**.') // '<h2>Visit us</h2>\n<p>Call <strong>now</strong>.</p>'
 */
export function pageTextToHtml(text: string): string {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push(`<p>${paragraph.map(inline).join('<br>\n')}</p>`);
    if (list.length > 0) blocks.push(`<ul>\n${list.map((item) => `<li>${inline(item)}</li>`).join('\n')}\n</ul>`);
    paragraph = [];
    list = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    // A page shows runs of spaces as one, so they are written as one.
    const line = raw.replace(/[ \t]+/g, ' ').trim();
    if (line === '') flush();
    else if (/^#{1,3} /.test(line)) {
      flush();
      blocks.push(`<h2>${inline(line.replace(/^#{1,3} +/, ''))}</h2>`);
    } else if (/^[-*] /.test(line)) {
      if (paragraph.length > 0) flush();
      list.push(line.slice(2).trim());
    } else {
      if (list.length > 0) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks.join('\n');
}

/** One element's inner HTML back to its marks. */
function marksOf(html: string): string {
  const text = html
    .replace(/<br\s*\/?>\s*/gi, '\n')
    .replace(/<(strong|b)>([\s\S]*?)<\/\1>/gi, (_m, _tag: string, inner: string) => `**${inner}**`)
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, inner: string) => `[${inner}](${href})`)
    .replace(/<[^>]+>/g, '');
  return unescape(text).replace(/[ \t]+/g, ' ').trim();
}

/**
 * The text of a page's HTML (the inverse of pageTextToHtml for its subset; other tags keep
 * their text and lose their markup).
 *
 * @example pageHtmlToText('<h2>Visit us</h2><p>Call <strong>now</strong>.</p>') // '## Visit us\n\nCall **now**.'
 */
export function pageHtmlToText(html: string): string {
  const blocks: string[] = [];
  const pattern = /<(h[1-6]|p|ul|ol)\b[^>]*>([\s\S]*?)<\/\1>/gi;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    const tag = (match[1] ?? '').toLowerCase();
    const inner = match[2] ?? '';
    if (tag === 'ul' || tag === 'ol') {
      const items = [...inner.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((item) => `- ${marksOf(item[1] ?? '').replace(/\n/g, ' ')}`);
      if (items.length > 0) blocks.push(items.join('\n'));
    } else if (tag.startsWith('h')) blocks.push(`## ${marksOf(inner).replace(/\n/g, ' ')}`);
    else {
      const text = marksOf(inner);
      if (text !== '') blocks.push(text);
    }
  }
  if (blocks.length === 0) return marksOf(html);
  return blocks.join('\n\n');
}
