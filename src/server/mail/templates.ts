// German mail texts.
import type { Mail } from './mailer.ts';

const signature = '\n\nViel Erfolg mit deinem Podcast!\nDein Team von Kompass Studio';

export function verificationMail(to: string, link: string): Mail {
  return {
    to,
    link,
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
    link,
    subject: 'Passwort zurücksetzen',
    text:
      `Hallo,\n\nwir haben eine Anfrage bekommen, das Passwort für dein Konto zurückzusetzen. Vergib hier ein neues Passwort:\n\n${link}\n\n` +
      'Der Link ist 60 Minuten gültig und kann einmal verwendet werden. Wenn du nichts angefordert hast, ignoriere diese E-Mail einfach; dein Passwort bleibt dann unverändert.' +
      signature,
  };
}
