/** First stop for keyboard users: jump past the header straight to the page's content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Zum Inhalt springen
    </a>
  );
}
