import { Link } from 'react-router';

export function Component() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-secondary">We could not find the page you were looking for.</p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-primary px-4 py-2 font-semibold text-background">
        Back to the home page
      </Link>
    </section>
  );
}
