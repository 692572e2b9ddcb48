// The account's own rows: its login, profile, plan, memberships, devices, what it sent us.
import type { DB } from '../../db/schema.ts';
import { owned, self, type AnyEb, type ExportedTable } from './export-scope.ts';

export const accountTables = {
  users: {
    about:
      'Dein Konto: Name, E-Mail-Adresse (auch eine noch unbestätigte neue), Rolle, Freischaltung, Zeitpunkte.',
    columns: [
      'id',
      'name',
      'email',
      'pending_email',
      'role',
      'email_verified_at',
      'granted',
      'steady_user_email',
      'podcast_title',
      'onboarding_podcast_id',
      'onboarding_step',
      'image_id',
      'created_at',
      'updated_at',
    ],
    key: ['id'],
    where: self('id'),
  },
  profiles: {
    about: 'Dein Profil: Benutzername, Position, Sprache und wie du von Kompass Studio erfahren hast.',
    columns: ['user_id', 'username', 'position', 'language', 'referrer'],
    key: ['user_id'],
    where: self('user_id'),
  },
  sessions: {
    about:
      'Deine Anmeldungen: wann begonnen, bis wann gültig, mit welchem Browser (ohne die Sitzungskennung).',
    columns: ['created_at', 'expires_at', 'user_agent'],
    key: ['id'],
    where: self('user_id'),
  },
  images: {
    about:
      'Bilder: dein Profilbild und die Cover deiner Podcasts; die Datei liegt im Ordner images/ (Spalte file).',
    columns: ['id', 'mime', 'created_at', 'file'],
    key: ['id'],
    where: (eb, s) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('users').select('image_id').where('id', '=', s.userId)),
        eb(
          'id',
          'in',
          eb
            .selectFrom('podcasts')
            .select('image_id')
            .where((e: AnyEb) => owned(e, 'id', s)),
        ),
      ]),
    file: { column: 'bytes', name: (row) => `images/${String(row.id)}.webp` },
  },
  access_codes: {
    about:
      'Der Zugangscode (Crowdfunding), den du eingelöst hast: Anlass und Zeitpunkt (ohne den Code selbst).',
    columns: ['note', 'created_at', 'redeemed_at'],
    key: ['code'],
    where: self('redeemed_by'),
  },
  steady_accounts: {
    about: 'Deine Verbindung zu Steady (Studio Pro): Konto, Abo-Zustand, Zeitraum (ohne Zugangsschlüssel).',
    columns: [
      'steady_user_id',
      'email',
      'state',
      'period',
      'plan_name',
      'cancelled_at',
      'expires_at',
      'checked_at',
    ],
    key: ['user_id'],
    where: self('user_id'),
  },
  contracts: {
    about: 'Welchen Podcast dein Abo freischaltet.',
    columns: ['podcast_id', 'user_id', 'created_at'],
    key: ['podcast_id'],
    where: (eb, s) => eb.or([eb('user_id', '=', s.userId), owned(eb, 'podcast_id', s)]),
  },
  push_subscriptions: {
    about:
      'Geräte, die Benachrichtigungen bekommen: wann eingerichtet (ohne Adresse und Schlüssel des Geräts).',
    columns: ['id', 'created_at', 'updated_at'],
    key: ['id'],
    where: self('user_id'),
  },
  memberships: {
    about: 'Deine Mitgliedschaften in Podcast-Teams: Podcast, Rolle, aktiv oder nicht.',
    columns: ['id', 'podcast_id', 'user_id', 'role', 'active', 'created_at'],
    key: ['id'],
    where: self('user_id'),
  },
  invitations: {
    about: 'Einladungen, die du verschickt hast: an wen, mit welcher Rolle, bis wann gültig, ob angenommen.',
    columns: [
      'id',
      'podcast_id',
      'email',
      'role',
      'notes',
      'created_at',
      'last_sent_at',
      'expires_on',
      'converted_at',
    ],
    key: ['id'],
    where: self('invited_by'),
  },
  user_contexts: {
    about: 'Der Podcast, den du zuletzt ausgewählt hast.',
    columns: ['user_id', 'podcast_id'],
    key: ['user_id'],
    where: self('user_id'),
  },
  feedback: {
    about: 'Deine Rückmeldungen (Feedback geben).',
    columns: ['id', 'email', 'message', 'page', 'created_at'],
    key: ['id'],
    where: self('user_id'),
  },
  newsletter_signups: {
    about: 'Deine Anmeldung zum Newsletter (mit der E-Mail-Adresse deines Kontos).',
    columns: ['email', 'created_at', 'confirmed_at'],
    key: ['id'],
    where: (eb, s) => eb.and([eb('email', '=', s.email)]),
  },
  audit_log: {
    about: 'Änderungen, die du als Admin oder Redakteur*in in der Administration gemacht hast.',
    columns: ['id', 'action', 'subject_type', 'subject_id', 'details', 'created_at'],
    key: ['id'],
    where: self('user_id'),
  },
} satisfies Partial<Record<keyof DB, ExportedTable>>;
