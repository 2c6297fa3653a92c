import { Link } from 'react-router';

export function NotFoundContent() {
  return (
    <section className="container-shop flex flex-col items-center py-24 text-center">
      <p className="font-display text-7xl font-semibold text-plum-800">404</p>
      <h1 className="mt-4 font-display text-3xl font-semibold">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-muted">
        The page you are looking for has moved or never existed. Let's get you back to beautiful hair.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Return to Home
        </Link>
        <Link to="/collections" className="btn-outline">
          Shop all products
        </Link>
      </div>
    </section>
  );
}
