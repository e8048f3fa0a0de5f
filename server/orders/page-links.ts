/**
 * Short links of the site's own pages (spec §2 Share modal: the page's short URL), in the
 * database: one code per page path, made once and kept, so a page shared twice gets the same
 * link. The hash is not part of it (the share form carries it in its fragment field).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { pageLinks, pageShareLeads } from '../db/schema.ts';
import { newShareCode, SHARE_CODE, type ShareLead } from './order-store.ts';

/** Paths longer than this are not shortened (a page's path and query). */
export const MAX_PAGE_PATH = 500;

/** A path of this site with an optional query: '/', '/listing/x', '/search?page=2'. */
const PAGE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/;

export function isPagePath(path: string): boolean {
  return path.length <= MAX_PAGE_PATH && PAGE_PATH.test(path);
}

export interface PageLinks {
  /** The page's code, made the first time the path is shortened. */
  shorten(path: string): Promise<string>;
  /** The page a code stands for, or null. */
  resolve(code: string): Promise<string | null>;
  /** Keeps a 'send this page' request (its code must exist). */
  addLead(lead: ShareLead): Promise<void>;
}

export function createPageLinks(db: Database): PageLinks {
  const existing = async (path: string) =>
    (await db.select({ code: pageLinks.code }).from(pageLinks).where(eq(pageLinks.path, path)).limit(1))[0]?.code ?? null;
  return {
    async shorten(path) {
      if (!isPagePath(path)) throw new Error(`Not a path of this site: ${path.slice(0, 100)}`);
      const known = await existing(path);
      if (known) return known;
      // Two visitors sharing a new page at once: the unique path keeps one code, both get it.
      for (let attempt = 0; attempt < 3; attempt++) {
        await db.insert(pageLinks).values({ code: newShareCode(), path }).onConflictDoNothing();
        const code = await existing(path);
        if (code) return code;
      }
      throw new Error('Could not find a free page link code');
    },
    async resolve(code) {
      if (!SHARE_CODE.test(code)) return null;
      const [row] = await db.select({ path: pageLinks.path }).from(pageLinks).where(eq(pageLinks.code, code)).limit(1);
      return row?.path ?? null;
    },
    async addLead(lead) {
      await db.insert(pageShareLeads).values(lead);
    },
  };
}
