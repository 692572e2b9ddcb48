/** Tables that hold nothing of an account's to take along, and why (said in the README too). */
export const notExported: Record<string, string> = {
  secrets: 'Schlüssel des Servers, keine Daten eines Kontos.',
  password_resets: 'Nur Prüfsummen von Links zum Zurücksetzen des Passworts, die nach 60 Minuten verfallen.',
  throttles:
    'Zähler gegen Missbrauch (z. B. falsche Passwörter), die nach Minuten bis einer Stunde verfallen.',
  idempotency_keys: 'Schutz gegen doppelt gesendete Änderungen; nach einem Tag gelöscht.',
  change_counts: 'Zähler, wann sich etwas geändert hat (für zwischengespeicherte Antworten); keine Inhalte.',
  leases: 'Welcher Serverprozess gerade eine Hintergrundaufgabe übernimmt.',
  mail_queue: 'Warteschlange der Mails; sie nennt nur, was in den übrigen Dateien steht.',
  push_queue: 'Warteschlange der Benachrichtigungen über neue Tipps (die Tipps stehen in assistances.csv).',
  tip_schedule: 'Wann die Regeln der Kompass-KI einen Podcast wieder prüfen.',
  feed_check_schedule: 'Wann der Feed eines Podcasts wieder geprüft wird.',
  practice_score_states:
    'Die berechnete Rangfolge der Methoden; jederzeit neu berechenbar aus den übrigen Daten.',
  practice_pooled_states:
    'Zählstände der gemeinsamen Auswertung je Methode; nichts eines einzelnen Podcasts.',
  practice_pooled_effects:
    'Die gemeinsame Auswertung je Methode aus mindestens fünf Podcasts; nichts eines einzelnen Podcasts.',
  account_exports: 'Dieser Datenexport selbst.',
  account_export_chunks: 'Dieses Archiv selbst.',
  practices: 'Inhalte der Redaktion (Methoden), für alle gleich.',
  practice_contexts: 'Inhalte der Redaktion (Einordnung der Methoden).',
  practice_ratings: 'Inhalte der Redaktion (Potenziale der Methoden).',
  practice_actions: 'Inhalte der Redaktion (Anleitungen der Methoden).',
  keywords: 'Inhalte der Redaktion (Schlagworte).',
  practice_keywords: 'Inhalte der Redaktion (Schlagworte der Methoden).',
  compilations: 'Inhalte der Redaktion (Sets).',
  compilation_practices: 'Inhalte der Redaktion (Methoden der Sets).',
  advices: 'Inhalte der Redaktion (Logbuch).',
  categories: 'Die Liste der Podcast-Kategorien.',
  changelog_items: 'Inhalte der Redaktion (Changelog).',
  roadmap_items: 'Inhalte der Redaktion (Roadmap).',
  kysely_migration: 'Welche Änderungen am Datenbankschema gemacht wurden.',
  kysely_migration_lock: 'Sperre für Änderungen am Datenbankschema.',
  sqlite_sequence: 'Zähler der fortlaufenden Nummern (nur SQLite).',
};
