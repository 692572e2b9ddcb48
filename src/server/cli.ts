// Admin tasks: `npm run admin -- <command>` (see README).
import { systemClock } from './clock.ts';
import { randomBytes } from 'node:crypto';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { userRole } from '../shared/vocabulary.ts';

const usage = `Befehle:
  set-role <email> <admin|editor|user>   Rolle eines Benutzers setzen (admin/editor sehen die Administration)
  create-codes <anzahl> [notiz]          Crowdfunding-Zugangscodes erzeugen (lebenslanger Zugang)
  list-codes                             Zugangscodes und ihre Einlösung anzeigen`;

const [command, ...args] = process.argv.slice(2);
const db = createDatabase(loadConfig());
await migrate(db);

try {
  if (command === 'set-role') {
    const [email, role] = args;
    if (!email || !userRole.schema.safeParse(role).success) throw new Error(usage);
    const result = await db
      .updateTable('users')
      .set({ role: role! })
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      throw new Error(`Kein Benutzer mit der E-Mail-Adresse ${email}.`);
    console.log(`${email} hat jetzt die Rolle ${role}.`);
  } else if (command === 'create-codes') {
    const count = Number(args[0]);
    if (!Number.isInteger(count) || count < 1 || count > 1000) throw new Error(usage);
    const codes = Array.from({ length: count }, () =>
      randomBytes(6).toString('hex').toUpperCase().match(/.{4}/g)!.join('-'),
    );
    const now = systemClock.now().toISOString();
    await db
      .insertInto('access_codes')
      .values(codes.map((code) => ({ code, note: args[1] ?? null, created_at: now })))
      .execute();
    console.log(codes.join('\n'));
  } else if (command === 'list-codes') {
    const rows = await db.selectFrom('access_codes').selectAll().orderBy('created_at').execute();
    for (const r of rows)
      console.log(`${r.code}\t${r.redeemed_at ? `eingelöst ${r.redeemed_at}` : 'offen'}\t${r.note ?? ''}`);
  } else {
    throw new Error(usage);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
