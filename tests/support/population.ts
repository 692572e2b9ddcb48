// A realistic population for scale tests and benches, made through SQL (set-based INSERT … SELECT,
// no API), on a migrated and seeded database of either engine. Per `podcasts` (P): 2·P users with
// profiles; every second podcast is active (setup done, a feed, five experiments 70 days apart (one ending on every second day across the active podcasts) with their steps,
// comments and events, two years of monthly values of three metrics, bookmarks, rejections, one
// method in use, 30 daily Feed-Check reports, a session); every tenth is Pro through its owner's
// subscription, with a team of 1–5 and a year of daily OP3 numbers; one in fifty is in its trial;
// every podcast has two tips and a tip schedule due some time in the coming week; every finished
// experiment is measured for the pooled effects; each feed's next
// check (where feed_check_schedule exists) and each OP3 fetch falls due some time in the coming day.
// Feeds point at loopback port 9, where nothing answers, so a job that fetches one never leaves the
// machine; the OP3 tokens are placeholders (a fetch finds the token unreadable).
// PostgreSQL fills with session_replication_role = replica, so the per-row triggers (change counts,
// schedules) stay off; the schedules are written here instead (Entscheidung TST-8).
import { sql } from 'kysely';
import type { Database, Db } from '../../src/server/db/database.ts';
import { rhythmOf } from '../../src/server/feed-check/rhythm.ts';

export type PopulationOptions = { podcasts: number; now?: Date; log?: (line: string) => void };

const METRICS = [
  'coverage',
  'throughput',
  'reputation',
  'interaction',
  'monetization',
  'expertise',
  'referability',
  'enjoyment',
];

/** SQL pieces in the engine's own way, relative to `now`. */
function helpers(db: Database, now: Date) {
  const pg = db.engine === 'postgres';
  const NOW = `'${now.toISOString()}'`;
  /** `name(i)` with i = from..to, in the engine's own way. */
  const series = (name: string, from: number | string, to: number | string) =>
    pg
      ? `generate_series(${from}, ${to}) AS ${name}(i)`
      : `(WITH RECURSIVE r(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM r WHERE i < ${to}) SELECT i FROM r) AS ${name}`;
  /** The ISO instant `seconds` (an integer SQL expression) before now. */
  const ago = (seconds: string) =>
    pg
      ? `to_char((${NOW}::timestamptz - (${seconds}) * interval '1 second') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${NOW}, printf('%d seconds', -(${seconds})))`;
  /** The day (yyyy-MM-dd) `days` before today. */
  const day = (days: string) =>
    pg
      ? `to_char((${NOW}::timestamptz AT TIME ZONE 'UTC') - (${days}) * interval '1 day', 'YYYY-MM-DD')`
      : `date(${NOW}, printf('%d days', -(${days})))`;
  const exists = (table: string) =>
    sql
      .raw(`SELECT 1 FROM ${table} WHERE 1 = 0`)
      .execute(db)
      .then(
        () => true,
        () => false,
      );
  return { series, ago, day, exists };
}

/**
 * The due times as the fill writes them, relative to `now`: each feed's next check and each OP3
 * fetch some time in the coming day, each podcast's tips in the coming week. The data-scale bench
 * writes them anew before it measures the jobs on a kept database, so nothing has fallen due
 * meanwhile (the population's `now` would be hours old).
 */
async function scheduleStatements(
  db: Database,
  p0: number,
  n: number,
  now: Date,
): Promise<[string, string][]> {
  const { series, ago, exists } = helpers(db, now);
  const active = `p.i % 2 = 0`;
  return [
    [
      'audience_sources (due)',
      `UPDATE audience_sources SET status = 'ok', next_fetch_at = ${ago(`-(600 + (podcast_id - ${p0}) * 7919 % 86000)`)}
      WHERE podcast_id > ${p0} AND podcast_id <= ${p0 + n} AND type = 'op3'`,
    ],
    ...((await exists('feed_check_schedule'))
      ? ([
          [
            'feed_check_schedule (cleared)',
            `DELETE FROM feed_check_schedule WHERE podcast_id > ${p0} AND podcast_id <= ${p0 + n}`,
          ],
          // A day after each feed's newest report.
          [
            'feed_check_schedule',
            `INSERT INTO feed_check_schedule (podcast_id, due_at)
            SELECT ${p0} + p.i, ${ago('p.i * 7919 % 86000 - 86400')} FROM ${series('p', 1, n)} WHERE ${active}`,
          ],
        ] as [string, string][])
      : []),
    // Evaluated before: each podcast's tips are due again some time in the coming week.
    [
      'tip_schedule (cleared)',
      `DELETE FROM tip_schedule WHERE podcast_id > ${p0} AND podcast_id <= ${p0 + n}`,
    ],
    [
      'tip_schedule',
      `INSERT INTO tip_schedule (podcast_id, due_at, evaluated_at)
      SELECT ${p0} + p.i, ${ago('-(600 + p.i * 7919 % 604000)')}, ${now.getTime()} FROM ${series('p', 1, n)}`,
    ],
  ];
}

/** Writes the population's due times anew, relative to `now` (scheduleStatements). */
export async function reschedule(
  db: Database,
  { first, podcasts, now = new Date() }: { first: number; podcasts: number; now?: Date },
) {
  for (const [, text] of await scheduleStatements(db, first - 1, podcasts, now))
    await sql.raw(text).execute(db);
}

/** Fills `db` (ids after those already there); returns the rows each table got. */
export async function populate(db: Database, { podcasts: n, now = new Date(), log }: PopulationOptions) {
  const pg = db.engine === 'postgres';
  const NOW = `'${now.toISOString()}'`;
  const max = async (table: string) =>
    Number(
      (await sql.raw<{ m: number | null }>(`SELECT max(id) AS m FROM ${table}`).execute(db)).rows[0]?.m ?? 0,
    );
  const [u0, p0, s0] = [await max('users'), await max('podcasts'), await max('audience_sources')];
  const e0 = await max('experiments');
  const categories = (
    await sql.raw<{ id: number }>('SELECT id FROM categories ORDER BY id LIMIT 2').execute(db)
  ).rows;
  const practiceCount = Number(
    (await sql.raw<{ c: number }>('SELECT count(*) AS c FROM practices').execute(db)).rows[0]!.c,
  );
  if (categories.length < 2 || practiceCount < 8) throw new Error('populate: seed the content first');

  const { series, ago, day, exists } = helpers(db, now);
  const practice = `(SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM practices) pr`;
  const owner = (podcast: string) => `(${podcast} - ${p0} + ${u0})`;
  const metricName = (index: string) =>
    `CASE ${index} ${METRICS.map((m, k) => `WHEN ${k} THEN '${m}'`).join(' ')} END`;
  const createdDays = `CASE WHEN p.i % 50 = 1 THEN p.i * 13 % 29 ELSE 40 + p.i * 7919 % 690 END`;
  const finding = JSON.stringify([
    {
      key: 'artwork_size',
      severity: 'warning',
      message: 'Das Cover ist kleiner als 1400 × 1400 Pixel.',
      practices: [2],
    },
  ]);
  const rhythm = JSON.stringify(rhythmOf([], now));
  const active = `p.i % 2 = 0`;

  const statements: [string, string][] = [
    [
      'users',
      `INSERT INTO users (id, email, password_hash, role, email_verified_at, created_at, updated_at)
      SELECT ${u0} + u.i, 'scale' || (${u0} + u.i) || '@example.org', 'x', 'user',
        CASE WHEN u.i % 10 = 0 THEN NULL ELSE ${ago('u.i * 7919 % 63000000')} END,
        ${ago('u.i * 7919 % 63000000')}, ${NOW} FROM ${series('u', 1, 2 * n)}`,
    ],
    [
      'profiles',
      `INSERT INTO profiles (user_id, username, language)
      SELECT id, 'user' || id, 'de' FROM users WHERE id > ${u0}`,
    ],
    [
      'podcasts',
      `INSERT INTO podcasts (id, title, category_id_1, category_id_2, rss_uri, completed_at, created_at, updated_at)
      SELECT ${p0} + p.i, 'Podcast ' || p.i, ${categories[0]!.id}, ${categories[1]!.id},
        CASE WHEN ${active} THEN 'http://127.0.0.1:9/feed/' || p.i END,
        CASE WHEN ${active} THEN ${NOW} END, ${ago(`(${createdDays}) * 86400`)}, ${NOW} FROM ${series('p', 1, n)}`,
    ],
    [
      'memberships',
      `INSERT INTO memberships (podcast_id, user_id, role, created_at)
      SELECT ${p0} + p.i, ${owner(`${p0} + p.i`)}, 'owner', ${NOW} FROM ${series('p', 1, n)}`,
    ],
    // Pro podcasts: a team of 1–5 (the owner and 0–4 more), from the users without a podcast.
    [
      'team',
      `INSERT INTO memberships (podcast_id, user_id, role, created_at)
      SELECT ${p0} + p.i, ${u0} + ${n} + p.i / 10 * 4 + k.i, CASE WHEN k.i = 1 THEN 'manager' ELSE 'editor' END, ${NOW}
      FROM ${series('p', 1, n)} CROSS JOIN ${series('k', 1, 4)} WHERE p.i % 10 = 0 AND k.i <= p.i / 10 % 5`,
    ],
    [
      'user_contexts',
      `INSERT INTO user_contexts (user_id, podcast_id)
      SELECT user_id, podcast_id FROM memberships WHERE podcast_id > ${p0}`,
    ],
    [
      'sessions',
      `INSERT INTO sessions (id, user_id, created_at, expires_at)
      SELECT 'scale-' || p.i, ${owner(`${p0} + p.i`)}, ${NOW}, ${ago('-2592000')} FROM ${series('p', 1, n)} WHERE ${active}`,
    ],
    // A day of writes' Idempotency-Keys (eight per active podcast's owner, answered, still kept):
    // the claim and the answer's statements look up and write among them.
    [
      'idempotency_keys',
      `INSERT INTO idempotency_keys (scope, key, request, body_hash, state, holder, status, content_type, response, created_at, locked_until, expires_at)
      SELECT 'u:' || ${owner(`${p0} + p.i`)}, 'scale-' || p.i || '-' || k.i, 'POST /api/podcasts/' || (${p0} + p.i) || '/bookmarks',
        'h', 'done', 'scale', 201, 'application/json; charset=utf-8', '{"data":{"id":' || k.i || '}}',
        ${now.getTime()} - (p.i * 7919 + k.i * 104729) % 86400000, 0,
        ${now.getTime() + 86_400_000} - (p.i * 7919 + k.i * 104729) % 86400000
      FROM ${series('p', 1, n)} CROSS JOIN ${series('k', 1, 8)} WHERE ${active}`,
    ],
    [
      'steady_accounts',
      `INSERT INTO steady_accounts (user_id, steady_user_id, state, period, plan_name, checked_at)
      SELECT ${owner(`${p0} + p.i`)}, 'steady-' || p.i, 'active', 'monthly', 'Pro', ${NOW} FROM ${series('p', 1, n)} WHERE p.i % 10 = 0`,
    ],
    [
      'contracts',
      `INSERT INTO contracts (podcast_id, user_id, created_at)
      SELECT ${p0} + p.i, ${owner(`${p0} + p.i`)}, ${NOW} FROM ${series('p', 1, n)} WHERE p.i % 10 = 0`,
    ],
    [
      'podcast_objectives',
      `INSERT INTO podcast_objectives (podcast_id, ${METRICS.join(', ')})
      SELECT ${p0} + p.i, ${METRICS.map((_, k) => `CASE (p.i + ${k}) % 4 WHEN 0 THEN 'none' WHEN 1 THEN 'low' WHEN 2 THEN 'medium' ELSE 'high' END`).join(', ')}
      FROM ${series('p', 1, n)} WHERE ${active}`,
    ],
    [
      'podcast_stages',
      `INSERT INTO podcast_stages (podcast_id, commitment, expansion, investment)
      SELECT ${p0} + p.i, '1_hour', 'lt_1k', 'lt_100' FROM ${series('p', 1, n)} WHERE ${active}`,
    ],
    [
      'experiments',
      `INSERT INTO experiments (podcast_id, practice_id, user_id, title, starts_at, ends_at, created_at, updated_at)
      SELECT ${p0} + p.i, pr.id, ${owner(`${p0} + p.i`)}, 'Experiment ' || k.i, ${day('k.i * 70 + p.i % 70 + 5')},
        ${day('k.i * 70 + p.i % 70 - 23')}, ${ago('(k.i * 70 + p.i % 70 + 5) * 86400')}, ${NOW}
      FROM ${series('p', 1, n)} CROSS JOIN ${series('k', 0, 4)} JOIN ${practice} ON pr.n = (p.i * 5 + k.i) % ${practiceCount}
      WHERE ${active}`,
    ],
    [
      'experiment_actions',
      `INSERT INTO experiment_actions (experiment_id, practice_action_id, position, description, completed_at, completed_by)
      SELECT e.id, a.id, a.position, a.description,
        CASE WHEN e.ends_at < ${day('0')} OR a.position % 2 = 0 THEN e.created_at END,
        CASE WHEN e.ends_at < ${day('0')} OR a.position % 2 = 0 THEN e.user_id END
      FROM experiments e JOIN practice_actions a ON a.practice_id = e.practice_id AND a.removed_at IS NULL WHERE e.id > ${e0}`,
    ],
    [
      'comments',
      `INSERT INTO comments (experiment_id, user_id, content, created_at)
      SELECT e.id, e.user_id, 'Kommentar ' || c.i || ': Folge aufgenommen, Resonanz gut.', e.created_at
      FROM experiments e CROSS JOIN ${series('c', 1, 3)} WHERE e.id > ${e0}`,
    ],
    [
      'events',
      `INSERT INTO events (podcast_id, experiment_id, trackable_type, trackable_id, event_type, user_id, created_at)
      SELECT podcast_id, id, 'experiment', id, 'created', user_id, created_at FROM experiments WHERE id > ${e0}`,
    ],
    [
      'step events',
      `INSERT INTO events (podcast_id, experiment_id, trackable_type, trackable_id, event_type, user_id, created_at)
      SELECT e.podcast_id, e.id, 'experiment_action', a.id, 'updated', a.completed_by, a.completed_at
      FROM experiment_actions a JOIN experiments e ON e.id = a.experiment_id WHERE e.id > ${e0} AND a.completed_at IS NOT NULL`,
    ],
    [
      'podcast_metrics',
      `INSERT INTO podcast_metrics (podcast_id, metric, value, recorded_on, created_at, user_id)
      SELECT ${p0} + p.i, ${metricName('(p.i + j.i * 3) % 8')}, (p.i * 31 + m.i * 97 + j.i * 13) % 5000 + 10,
        ${day('m.i * 30 + p.i % 28')}, ${ago('(m.i * 30 + p.i % 28) * 86400')}, ${owner(`${p0} + p.i`)}
      FROM ${series('p', 1, n)} CROSS JOIN ${series('m', 0, 23)} CROSS JOIN ${series('j', 0, 2)} WHERE ${active}`,
    ],
    [
      'assistances',
      `INSERT INTO assistances (podcast_id, rule, cause, subject, message, created_at)
      SELECT ${p0} + p.i, 'welcome', 'scale-' || k.i, 'Tipp ' || k.i, 'Probier eine neue Methode aus.', ${ago('k.i * 86400')}
      FROM ${series('p', 1, n)} CROSS JOIN ${series('k', 1, 2)}`,
    ],
    ...(['practice_bookmarks', 'practice_rejections'] as const).map((table, t): [string, string] => [
      table,
      `INSERT INTO ${table} (podcast_id, practice_id, user_id, created_at)
      SELECT ${p0} + p.i, pr.id, ${owner(`${p0} + p.i`)}, ${ago('k.i * 86400')}
      FROM ${series('p', 1, n)} CROSS JOIN ${series('k', t * 3, t * 3 + 2 - t)} JOIN ${practice} ON pr.n = (p.i * 7 + k.i) % ${practiceCount}
      WHERE ${active}`,
    ]),
    [
      'practice_applications',
      `INSERT INTO practice_applications (podcast_id, practice_id, user_id, created_at, starts_on)
      SELECT ${p0} + p.i, pr.id, ${owner(`${p0} + p.i`)}, ${NOW}, ${day('p.i % 60')}
      FROM ${series('p', 1, n)} JOIN ${practice} ON pr.n = (p.i * 7 + 5) % ${practiceCount} WHERE ${active}`,
    ],
    // The newest report of each feed is less than a day old, so the daily job has nothing due now.
    [
      'feed_checks',
      `INSERT INTO feed_checks (podcast_id, checked_at, findings, rhythm)
      SELECT ${p0} + p.i, ${ago('d.i * 86400 + p.i * 7919 % 86000')}, '${finding}', '${rhythm}'
      FROM ${series('p', 1, n)} CROSS JOIN ${series('d', 0, 29)} WHERE ${active} ORDER BY d.i DESC, p.i`,
    ],
    [
      'audience_sources',
      `INSERT INTO audience_sources (podcast_id, type, token_secret, token_hint, show_uuid, show_title, status, next_fetch_at, last_fetched_at, created_at)
      SELECT ${p0} + p.i, 'op3', 'x', '1a2b', 'show-' || p.i, 'Podcast ' || p.i, 'ok', ${ago('-(600 + p.i * 7919 % 86000)')}, ${ago('30000')}, ${ago('31536000')}
      FROM ${series('p', 1, n)} WHERE p.i % 10 = 0`,
    ],
    [
      'audience_days',
      `INSERT INTO audience_days (source_id, podcast_id, day, downloads, listeners, followers)
      SELECT s.id, s.podcast_id, ${day('d.i')}, (s.id * 13 + d.i * 7) % 900 + 50, (s.id * 13 + d.i * 7) % 400 + 20, NULL
      FROM audience_sources s CROSS JOIN ${series('d', 1, 365)} WHERE s.id > ${s0}`,
    ],
    // Every experiment that ended two days ago or earlier has been measured (pooled-job.ts), as on
    // a studio that runs the job: with an effect where the podcast has OP3's numbers, else
    // without an answer; the job's run then has nothing new, as most runs do.
    ...((await exists('practice_effect_contributions'))
      ? ([
          [
            'practice_effect_contributions',
            `INSERT INTO practice_effect_contributions (experiment_id, podcast_id, practice_id, owner_id, log_ratio, variance, kind, checked_on)
            SELECT e.id, e.podcast_id, e.practice_id, e.user_id,
              CASE WHEN s.id IS NULL THEN NULL ELSE ((e.id * 37) % 41 - 20) / 200.0 END,
              CASE WHEN s.id IS NULL THEN NULL ELSE 0.01 + (e.id % 7) / 200.0 END,
              's' || (e.podcast_id % 3) || 'r' || (e.podcast_id % 2), ${day('0')}
            FROM experiments e LEFT JOIN audience_sources s ON s.podcast_id = e.podcast_id AND s.id > ${s0}
            WHERE e.id > ${e0} AND e.ends_at <= ${day('2')}`,
          ],
        ] as [string, string][])
      : []),
    ...(await scheduleStatements(db, p0, n, now)).filter(([name]) => name !== 'audience_sources (due)'),
  ];
  const counts: Record<string, number> = {};
  const fill = async (conn: Db) => {
    for (const [table, text] of statements) {
      const started = Date.now();
      const result = await sql.raw(text).execute(conn);
      counts[table] = (counts[table] ?? 0) + Number(result.numAffectedRows ?? 0);
      log?.(`${table}: ${counts[table]} rows, ${Date.now() - started} ms`);
    }
  };
  if (pg) {
    await db.connection().execute(async (conn) => {
      await sql`SET statement_timeout = 0`.execute(conn);
      await sql`SET session_replication_role = replica`.execute(conn);
      await sql`SET synchronous_commit = off`.execute(conn);
      try {
        await fill(conn);
        for (const table of ['users', 'podcasts'])
          await sql
            .raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`)
            .execute(conn);
      } finally {
        await sql`RESET session_replication_role`.execute(conn);
      }
      await sql`VACUUM ANALYZE`.execute(conn);
    });
  } else {
    const [{ synchronous }] = (await sql.raw<{ synchronous: number }>('PRAGMA synchronous').execute(db))
      .rows as [{ synchronous: number }];
    await sql`PRAGMA synchronous = OFF`.execute(db);
    await db.transaction().execute(fill);
    await sql.raw(`PRAGMA synchronous = ${synchronous}`).execute(db);
    await sql`ANALYZE`.execute(db);
  }
  return counts;
}
