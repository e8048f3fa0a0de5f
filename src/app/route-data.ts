import { matchRoutes, type Location, type RouteObject, type StaticHandlerContext } from 'react-router';

/**
 * What the browser needs to render the server's route tree again: each route's loader data and
 * the errors its boundaries show. The server writes it as inert JSON beside the page settings.
 */
export interface RouteData {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedError> | null;
}

type SerializedError =
  | { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown; internal: boolean }
  | { __type: 'Error'; message: string };

/** The route data of a rendered page (errors as plain data: a status, or only a message). */
export function routeDataOf(context: Pick<StaticHandlerContext, 'loaderData' | 'actionData' | 'errors'>): RouteData {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([routeId, error]): [string, SerializedError] => {
          const response = error as Partial<{ status: unknown; statusText: unknown; internal: unknown; data: unknown }>;
          if (error && typeof response.status === 'number' && typeof response.statusText === 'string') {
            return [routeId, { __type: 'RouteErrorResponse', status: response.status, statusText: response.statusText, data: response.data, internal: response.internal === true }];
          }
          return [routeId, { __type: 'Error', message: error instanceof Error ? error.message : 'Internal error' }];
        }),
      )
    : null;
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

/**
 * The static router context for hydrating a page in the browser: the routes `location` matches
 * (their modules loaded already), with the server's route data. Error responses keep the shape
 * `isRouteErrorResponse` recognises.
 */
export function hydrationContext(routes: RouteObject[], location: Location, data: RouteData): StaticHandlerContext {
  const errors = data.errors
    ? Object.fromEntries(
        Object.entries(data.errors).map(([routeId, error]) => {
          if (error.__type === 'RouteErrorResponse') {
            const { __type: _type, ...response } = error;
            return [routeId, response];
          }
          return [routeId, new Error(error.message)];
        }),
      )
    : null;
  return {
    basename: '/',
    location,
    matches: (matchRoutes(routes, location) ?? []) as StaticHandlerContext['matches'],
    loaderData: data.loaderData,
    actionData: data.actionData,
    errors,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
  };
}
