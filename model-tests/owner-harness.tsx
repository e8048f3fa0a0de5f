import { vi } from 'vitest';

/** One request of the owner's pages, answered when the test says. */
export interface PendingRequest {
  method: string;
  url: string;
  body: unknown;
  answer: (status: number, body: unknown) => void;
}

/**
 * Stands in for the server's owner API: every fetch is kept until the test answers it, so a
 * model step decides what the server says.
 */
export function stubOwnerApi(): { requests: PendingRequest[]; last: (match?: string) => PendingRequest } {
  const requests: PendingRequest[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    return new Promise<Response>((resolve, reject) => {
      const request: PendingRequest = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
        answer: (status, body) => resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
      };
      init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      requests.push(request);
    });
  });
  return {
    requests,
    last: (match) => {
      const found = [...requests].reverse().find((request) => (match ? `${request.method} ${request.url}`.includes(match) : true));
      if (!found) throw new Error(`No request${match ? ` matching '${match}'` : ''} was made`);
      return found;
    },
  };
}
