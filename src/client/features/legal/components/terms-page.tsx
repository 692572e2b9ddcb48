import { LegalPage, type LegalSection } from './legal-page.tsx';

const sections: LegalSection[] = [
  {
    title: '1. Geltungsbereich',
    paragraphs: [
      'Diese Nutzungsbedingungen gelten für die Nutzung von Kompass Studio, einer Web-Anwendung, die Podcaster*innen beim Wachstum ihres Podcasts unterstützt.',
    ],
  },
  {
    title: '2. Account',
    paragraphs: [
      'Für die Nutzung brauchst du einen Account mit einer gültigen E-Mail-Adresse, die du bestätigst. Halte dein Passwort geheim; du bist für alles verantwortlich, was mit deinem Account geschieht.',
      'Du kannst deinen Account jederzeit in den Einstellungen löschen.',
    ],
  },
  {
    title: '3. Leistungen und Tarife',
    paragraphs: [
      'Studio Basic ist kostenlos. Jeder neu angelegte Podcast erhält 30 Tage Studio Pro zum Testen; danach gilt automatisch Studio Basic, ohne dass ein Abo entsteht.',
      'Studio Pro wird je Podcast monatlich oder jährlich über einen externen Mitgliedschaftsanbieter abgerechnet. Dort gelten zusätzlich dessen Bedingungen und Kündigungsfristen.',
    ],
  },
  {
    title: '4. Deine Inhalte',
    paragraphs: [
      'Die Angaben zu deinem Podcast, deine Kommentare und Auswertungen gehören dir. Du räumst uns nur die Rechte ein, die wir brauchen, um sie dir und deinem Team in Kompass Studio anzuzeigen.',
    ],
  },
  {
    title: '5. Verfügbarkeit und Haftung',
    paragraphs: [
      'Wir bemühen uns um einen störungsfreien Betrieb, können ihn aber nicht garantieren. Die Methoden und Tipps sind Anregungen; ob sie für deinen Podcast funktionieren, entscheidest du.',
    ],
  },
  {
    title: '6. Änderungen',
    paragraphs: [
      'Ändern sich diese Bedingungen, informieren wir dich rechtzeitig per E-Mail. Widersprichst du nicht, gelten die neuen Bedingungen.',
    ],
  },
];

export function TermsPage() {
  return <LegalPage title="Nutzungsbedingungen" updated="1. Januar 2025" sections={sections} />;
}
