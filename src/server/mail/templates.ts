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
