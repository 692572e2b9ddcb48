// The README.md inside the archive: what each file holds and its columns, from export-tables.ts,
// and what is left out and why, so the archive explains itself.
import { exportedTableNames, exportedTables, notExported, type ExportedTable } from './export-tables.ts';

const dateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  dateStyle: 'long',
  timeStyle: 'short',
});

export function exportReadme(now: Date) {
  const files = exportedTableNames.map((table) => {
    const spec: ExportedTable = exportedTables[table];
    return `### ${table}.csv\n\n${spec.about}\n\nSpalten: ${spec.columns.join(', ')}\n`;
  });
  const left = Object.entries(notExported).map(([table, why]) => `- ${table}: ${why}`);
  return `# Deine Daten bei Kompass Studio

Erstellt am ${dateTime.format(now)} Uhr (Art. 15 und 20 DSGVO: Auskunft und Datenübertragbarkeit).

Das Archiv enthält alles, was dein Konto bei Kompass Studio hat: dein Konto und Profil, die
Podcasts, deren Inhaber*in du bist, mit allem, was zu ihnen gehört (Ziele, Strategie, Kennzahlen,
Meilensteine, Experimente mit Schritten, Kommentaren und Aktivitäten, Tipps, Hörerzahlen je Quelle
und hochgeladene Dateien), deine Mitgliedschaften und die Einladungen, die du verschickt hast. Aus
Podcasts anderer steht nur darin, was du selbst geschrieben oder erfasst hast.

Nicht enthalten sind Geheimnisse: dein Passwort (nur als Prüfsumme gespeichert), Sitzungskennungen,
das OP3-Token, Einladungs- und Bestätigungslinks, die Zugangsschlüssel zu Steady und zu deinen Geräten.

## Dateiformat

- Tabellen als CSV (UTF-8, Komma als Trennzeichen, erste Zeile: Spaltennamen). Eine leere Zelle
  heißt: kein Wert.
- Zeitpunkte als ISO 8601 in UTC (z. B. 2026-12-06T14:30:00.000Z), Tage als JJJJ-MM-TT.
- Spalten, die auf eine andere Tabelle zeigen, heißen nach ihr: podcast_id ist die id in
  podcasts.csv, experiment_id die in experiments.csv, source_id die in audience_sources.csv,
  practice_id eine Methode von Kompass Studio.
- export.json: wann das Archiv erstellt wurde, für welches Konto, welche Podcasts, wie viele Zeilen
  jede Tabelle hat.
- experiment_effects.json: die Wirkung jedes Experiments, wie sie die Seite des Experiments zeigt
  (die erfassten Kennzahlen vorher/nachher und die gemessene Wirkung auf die Downloads), berechnet
  am Tag des Exports.

## Dateien

${files.join('\n')}
## Nicht enthalten

${left.join('\n')}
`;
}
