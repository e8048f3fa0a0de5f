/**
 * A loopback HTTP server for the calendar tests: each path answers as its handler says (a feed,
 * a redirect, a slow or huge body). Allowed by the feed guard only through CALENDAR_FEED_TEST_LOOPBACK.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FixtureHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface FeedFixtureServer {
  origin: string;
  /** `127.0.0.1:port`, for CALENDAR_FEED_TEST_LOOPBACK. */
  hostPort: string;
  routes: Map<string, FixtureHandler>;
  /** Requests seen, with their conditional headers. */
  seen: Array<{ path: string; ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined }>;
  close(): Promise<void>;
}

export async function startFeedFixtureServer(port = 0): Promise<FeedFixtureServer> {
  const routes = new Map<string, FixtureHandler>();
  const seen: FeedFixtureServer['seen'] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    seen.push({ path, ifNoneMatch: request.headers['if-none-match'], ifModifiedSince: request.headers['if-modified-since'] });
    const handler = routes.get(path);
    if (!handler) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    handler(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${bound}`,
    hostPort: `127.0.0.1:${bound}`,
    routes,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers with an iCalendar body, its ETag, and 304 when the client has that ETag. */
export function serveCalendar(body: () => string, etag?: () => string): FixtureHandler {
  return (request, response) => {
    const tag = etag?.();
    if (tag && request.headers['if-none-match'] === tag) {
      response.writeHead(304, { etag: tag }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', ...(tag ? { etag: tag } : {}) }).end(body());
  };
}
