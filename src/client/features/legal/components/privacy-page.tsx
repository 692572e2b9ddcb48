import { supportEmail } from '../../../lib/links.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const sections: LegalSection[] = [
  {
    title: '1. Welche Daten wir verarbeiten',
    paragraphs: [
      'Für deinen Account speichern wir deine E-Mail-Adresse, ein Hash deines Passworts und, wenn du sie angibst, deinen Namen, deine Rolle im Podcast-Umfeld und ein Profilbild.',
      'Zu deinem Podcast speichern wir die Angaben, die du machst oder aus deinem öffentlichen RSS-Feed übernimmst, sowie deine Ziele, Experimente, Kommentare und Auswertungen.',
    ],
  },
  {
    title: '2. Wofür wir sie verwenden',
    paragraphs: [
      'Wir verwenden deine Daten nur, um dir Kompass Studio bereitzustellen: Anmeldung, Empfehlungen für deinen Podcast, Zusammenarbeit im Team und E-Mails zu deinem Account.',
    ],
  },
  {
    title: '3. Cookies und Speicher im Browser',
    paragraphs: [
      'Wir setzen nur technisch notwendige Cookies für die Anmeldung und den Schutz vor gefälschten Anfragen. Damit die App offline funktioniert, speichert sie Inhalte im Speicher deines Browsers.',
    ],
  },
  {
    title: '4. Weitergabe',
    paragraphs: [
      'Wir verkaufen keine Daten. Für den Versand von E-Mails und die Abrechnung von Studio Pro nutzen wir Dienstleister, die deine Daten nur in unserem Auftrag verarbeiten.',
      'Was andere sehen: Die gemessene Wirkung deiner beendeten Experimente auf die Downloads fließt mit der Größe und dem Veröffentlichungsrhythmus deines Podcasts, ohne Namen und ohne einzelne Zahlen, in die gemeinsame Auswertung einer Methode („Bei 23 Podcasts wie deinem …“) ein. Gezeigt wird sie erst, wenn mindestens fünf Podcasts von fünf verschiedenen Inhaber*innen die Methode gemessen haben, nur in ganzen Prozent, und sie ändert sich erst, wenn mindestens fünf Podcasts hinzugekommen oder weggefallen sind, damit sich kein einzelnes Ergebnis herausrechnen lässt. Ebenso fließen deine täglichen Downloads, auf ihr eigenes Mittel umgerechnet und nur zusammen mit mindestens 19 anderen Podcasts, in eine Vergleichsreihe ein, mit der Kompass bei anderen Podcasts herausrechnet, was alle zur selben Zeit erleben (etwa Weihnachten); eine Zahl deines Podcasts sieht dabei niemand. In den Einstellungen deines Podcasts kannst du das mit „Meine Messungen nicht für andere verwenden“ abschalten; deine Messungen werden dann sofort aus der Auswertung entfernt, ebenso, wenn du deinen Podcast löschst.',
    ],
  },
  {
    title: '5. Deine Rechte',
    paragraphs: [
      'Du kannst Auskunft, Berichtigung und Löschung deiner Daten verlangen. Deinen Account und alle zugehörigen Daten kannst du jederzeit selbst in den Einstellungen löschen.',
      `Fragen zum Datenschutz beantworten wir unter ${supportEmail}.`,
    ],
  },
];

export function PrivacyPage() {
  return <LegalPage title="Datenschutzerklärung" updated="1. Januar 2025" sections={sections} />;
}
