export function SiteFooter() {
  return (
    <footer className="border-t border-border px-4 py-6 text-center text-sm text-secondary">
      © {new Date().getFullYear()} SongWish
    </footer>
  );
}
