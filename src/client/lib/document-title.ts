import { useEffect } from 'react';

/** Sets the tab title, so screen readers and the tab list say where the user is. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} – Kompass Studio` : 'Kompass Studio';
  }, [title]);
}
