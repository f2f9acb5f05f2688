import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { paths } from '@store/contracts/paths';

/** The router's error screen ('Unexpected Application Error!', docs/behaviour/site.md#error-screen), with a way home. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error('Unexpected Application Error!', error);
  return (
    <Container className="py-20 text-center">
      <title>{notFound ? 'Page not found' : 'Unexpected Application Error!'}</title>
      <h1 className="text-3xl font-bold">{notFound ? 'Page not found' : 'Unexpected Application Error!'}</h1>
      <p className="mx-auto mt-4 max-w-xl text-secondary">
        {notFound
          ? 'We could not find the page you were looking for.'
          : 'Something went wrong while showing this page. Reloading usually helps; if it keeps happening, please tell our support team what you were doing.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home.getHref()} className={buttonClasses('primary')}>
          Back to the home page
        </Link>
        {!notFound && (
          <button type="button" className={buttonClasses('secondary')} onClick={() => window.location.reload()}>
            Reload the page
          </button>
        )}
      </div>
    </Container>
  );
}
