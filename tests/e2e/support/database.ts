// Rows written straight into the E2E server's SQLite file (global-setup.ts: E2E_DATA_DIR), where a
// journey needs many of them or a state the app reaches only in days or by another path: many
// episodes, old tips, a podcast created days ago, lifetime access, a member of a role without its
// invitation. The specs using them run on SQLite only (tests/run.ts lists those run on PostgreSQL).
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';
import type { Role } from '../../../src/shared/roles.ts';

function withDatabase<T>(work: (db: SQLite.Database) => T): T {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set; run through tests/e2e/playwright.config.ts');
  if (process.env.E2E_DATABASE_URL)
    throw new Error('This journey seeds the SQLite file: run it without E2E_DATABASE_URL');
  const db = new SQLite(join(dir, 'studio.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

/** `count` episodes, one a week back from 2025-06-01: 'Folge {count}' is the newest. */
export function insertEpisodes(podcastId: number, count: number) {
  withDatabase((db) => {
    const insert = db.prepare(
      'INSERT INTO episodes (podcast_id, guid, title, web_uri, published_at) VALUES (?, ?, ?, ?, ?)',
    );
    db.transaction(() => {
      for (let n = 1; n <= count; n++) {
        const published = new Date(Date.UTC(2025, 5, 1 - (count - n) * 7, 10)).toISOString();
        insert.run(
          podcastId,
          `e2e-${podcastId}-${n}`,
          `Folge ${n}`,
          `https://zeitreise.example.org/folge-${n}`,
          published,
        );
      }
    })();
  });
}

/** An active membership of `userId` in the podcast with `role`. */
export function addMembership(podcastId: number, userId: number, role: Role) {
  withDatabase((db) =>
    db
      .prepare(
        'INSERT INTO memberships (podcast_id, user_id, role, active, created_at) VALUES (?, ?, ?, 1, ?)',
      )
      .run(podcastId, userId, role, new Date().toISOString()),
  );
}

/** Changes the role of `userId` in the podcast behind the app's back (as the owner would). */
export function setMembershipRole(podcastId: number, userId: number, role: Role) {
  withDatabase((db) =>
    db
      .prepare('UPDATE memberships SET role = ? WHERE podcast_id = ? AND user_id = ?')
      .run(role, podcastId, userId),
  );
}

/** Moves the podcast's creation `days` Berlin calendar days back (its trial counts from there). */
export function createPodcastDaysAgo(podcastId: number, days: number) {
  const created = `${addDays(berlinDate(new Date()), -days)}T12:00:00.000Z`;
  withDatabase((db) => db.prepare('UPDATE podcasts SET created_at = ? WHERE id = ?').run(created, podcastId));
}

/** `count` tips 'Alter Tipp 1' (the oldest) … 'Alter Tipp {count}', a day apart, all older than a day. */
export function insertOldTips(podcastId: number, count: number) {
  withDatabase((db) => {
    const insert = db.prepare(
      'INSERT INTO assistances (podcast_id, rule, cause, subject, message, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    db.transaction(() => {
      for (let n = 1; n <= count; n++) {
        const at = new Date(Date.now() - (count - n + 2) * 86_400_000).toISOString();
        insert.run(podcastId, 'e2e', `e2e-${n}`, `Alter Tipp ${n}`, 'Ein Tipp von früher.', at);
      }
    })();
  });
}

/** Lifetime access (a redeemed crowdfunding code) for the account with `email`. */
export function grantLifetime(email: string) {
  withDatabase((db) => db.prepare('UPDATE users SET granted = 1 WHERE email = ?').run(email));
}
