import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { paths } from '@store/contracts/paths';

export function Component() {
  return (
    <Container className="py-20 text-center">
      <title>Page not found</title>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mx-auto mt-4 max-w-xl text-secondary">We could not find the page you were looking for. It may have moved, or the link may be mistyped.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home.getHref()} className={buttonClasses('primary')}>
          Back to the home page
        </Link>
        <Link to={paths.productLists.all.getHref()} className={buttonClasses('secondary')}>
          Browse all products
        </Link>
      </div>
    </Container>
  );
}
