const features = [
  {
    title: '99 Wachstumsmethoden',
    text: 'Von Shownotes bis Feed-Drop: jede Methode mit Anleitung, Aufwand und Potenzial.',
  },
  {
    title: 'Empfehlungen für deinen Podcast',
    text: 'Du setzt Ziele, Kompass Studio zeigt dir, welche Methoden am besten dazu passen.',
  },
  {
    title: 'Experimente mit Auswertung',
    text: 'Probiere Methoden zeitlich begrenzt aus, hake Schritte ab und miss, was sie bewirken.',
  },
  {
    title: 'Tipps der Kompass-KI',
    text: 'Die Kompass-KI behält deinen Podcast im Blick und meldet sich, wenn es etwas zu tun gibt.',
  },
  {
    title: 'Im Team arbeiten',
    text: 'Lade Coworker*innen ein und plant Experimente gemeinsam.',
  },
  {
    title: 'Auch unterwegs',
    text: 'Installiere Kompass Studio auf deinem Handy und lies Methoden auch ohne Netz.',
  },
];

export function FeatureGrid() {
  return (
    <section aria-labelledby="features" className="mx-auto max-w-5xl px-4 py-14">
      <h2 id="features" className="text-3xl font-bold text-slate-900">
        Alles, was dein Podcast zum Wachsen braucht
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((f) => (
          <li key={f.title} className="rounded-2xl border border-slate-200 bg-white p-5">
            <h3 className="font-semibold text-slate-900">{f.title}</h3>
            <p className="mt-2 text-slate-700">{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
