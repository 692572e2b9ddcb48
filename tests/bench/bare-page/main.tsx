// The bare page tests/bench/lighthouse.ts compares the landing page with: Vite + React, one screen.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function BarePage() {
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', padding: '1rem', maxWidth: '40rem', margin: '0 auto' }}
    >
      <h1>Wachse mit deinem Podcast</h1>
      <p>Eine Vergleichsseite: Vite und React, ohne Router, Daten oder Service Worker.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BarePage />
  </StrictMode>,
);
