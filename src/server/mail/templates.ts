// German mail texts.
import type { Mail } from './mailer.ts';

const signature = '\n\nViel Erfolg mit deinem Podcast!\nDein Team von Kompass Studio';

export function verificationMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Bitte bestätige deine E-Mail-Adresse',
    text:
      `Hallo,\n\nschön, dass du dabei bist! Bitte bestätige deine E-Mail-Adresse mit einem Klick auf diesen Link:\n\n${link}\n\n` +
      'Der Link ist 60 Minuten gültig. Falls du dich nicht bei Kompass Studio registriert hast, kannst du diese E-Mail ignorieren.' +
      signature,
  };
}

export function passwordResetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Passwort zurücksetzen',
    text:
      `Hallo,\n\nwir haben eine Anfrage bekommen, das Passwort für dein Konto zurückzusetzen. Vergib hier ein neues Passwort:\n\n${link}\n\n` +
      'Der Link ist 60 Minuten gültig und kann einmal verwendet werden. Wenn du nichts angefordert hast, ignoriere diese E-Mail einfach; dein Passwort bleibt dann unverändert.' +
      signature,
  };
}

export function emailChangedMail(to: string, newEmail: string): Mail {
  return {
    to,
    subject: 'Deine E-Mail-Adresse soll geändert werden',
    text:
      `Hallo,\n\nin deinem Konto bei Kompass Studio wurde eben beantragt, die E-Mail-Adresse in ${newEmail} zu ändern. ` +
      'Die neue Adresse gilt erst, wenn sie über den Link bestätigt wurde, den wir an sie geschickt haben. Bis dahin meldest du dich weiter mit dieser Adresse an.\n\n' +
      'Warst du das nicht? Dann ändere bitte sofort dein Passwort und melde dich bei uns.' +
      signature,
  };
}

const longDate = new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC', dateStyle: 'long' });

export type InvitationMailData = {
  email: string;
  /** The podcast's title. */
  title: string;
  inviterName: string | null;
  /** The German label of the invited role. */
  role: string;
  /** yyyy-MM-dd: the last day the link works. */
  expiresOn: string;
  link: string;
};

export function invitationMail(data: InvitationMailData): Mail {
  const inviter = data.inviterName ?? 'Ein Mitglied des Teams';
  const until = longDate.format(new Date(`${data.expiresOn}T00:00:00Z`));
  return {
    to: data.email,
    subject: `Einladung ins Team von „${data.title}“`,
    text:
      `Hallo,\n\n${inviter} lädt dich ein, bei Kompass Studio im Team des Podcasts „${data.title}“ mitzuarbeiten, als ${data.role}.\n\n` +
      `Hier kannst du die Einladung annehmen, mit deinem Konto oder einem neuen:\n\n${data.link}\n\n` +
      `Die Einladung gilt bis zum ${until}. Falls du damit nichts anfangen kannst, ignoriere diese E-Mail einfach.` +
      signature,
  };
}

export function newsletterConfirmMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Bitte bestätige deine Anmeldung zum Newsletter',
    text:
      `Hallo,\n\ndanke für dein Interesse am Newsletter von Kompass Studio! Bitte bestätige deine Anmeldung mit einem Klick auf diesen Link:\n\n${link}\n\n` +
      'Erst dann schicken wir dir den Newsletter. Falls du dich nicht angemeldet hast, ignoriere diese E-Mail einfach; du bekommst dann nichts weiter von uns.' +
      signature,
  };
}

export function accountExportMail(to: string, link: string, until: string): Mail {
  return {
    to,
    subject: 'Deine Daten stehen zum Herunterladen bereit',
    text:
      `Hallo,\n\ndas Archiv mit deinen Daten bei Kompass Studio ist fertig. Du kannst es in den Einstellungen deines Kontos herunterladen:\n\n${link}\n\n` +
      `Das Archiv liegt dort bis zum ${longDate.format(new Date(until))} bereit; danach kannst du jederzeit ein neues anfordern. Falls du keinen Datenexport angefordert hast, ändere bitte dein Passwort.` +
      signature,
  };
}
