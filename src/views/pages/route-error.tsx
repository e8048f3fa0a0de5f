import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Not found and failure pages: a clear message, never a stack trace. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="page page--error">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>
        {notFound
          ? 'The page you asked for does not exist or has moved.'
          : 'We could not show this page just now. Please try again in a moment.'}
      </p>
      <p>
        <a className="button button--primary" href="/">
          Go to the home page
        </a>{' '}
        <a className="button button--secondary" href="/search">
          Search rentals
        </a>
      </p>
    </section>
  );
}
