import { Link } from 'react-router';

export function SiteHeader() {
  return (
    <header className="border-b border-border">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3">
        <Link to="/" className="text-xl font-bold">
          SongWish
        </Link>
        <Link to="/products">Products</Link>
      </nav>
    </header>
  );
}
