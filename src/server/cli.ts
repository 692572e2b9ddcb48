// Admin tasks: `npm run admin -- <command>` (see README).
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { userRole } from '../shared/vocabulary.ts';
import { createCodes, listCodes } from './admin/access-codes.ts';
import { forgetAnswers } from './admin/forget-answers.ts';

const usage = `Befehle:
  set-role <email> <admin|editor|user>   Rolle eines Benutzers setzen (admin/editor sehen die Administration)
  create-codes <anzahl> [notiz]          Crowdfunding-Zugangscodes erzeugen (lebenslanger Zugang)
  list-codes                             Zugangscodes und ihre Einlösung anzeigen
  forget-answers                         gemerkte Antworten in allen Serverprozessen verwerfen (nach einer Wiederherstellung)`;

const [command, ...args] = process.argv.slice(2);
const db = createDatabase(loadConfig());
await migrate(db);

try {
  if (command === 'set-role') {
    const [email, role] = args;
    if (!email || !role || !(userRole.keys as readonly string[]).includes(role)) throw new Error(usage);
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
    const codes = await createCodes(db, systemClock.now(), count, args[1] ?? null);
    console.log(codes.join('\n'));
  } else if (command === 'list-codes') {
    const rows = await listCodes(db);
    for (const r of rows)
      console.log(`${r.code}\t${r.redeemed_at ? `eingelöst ${r.redeemed_at}` : 'offen'}\t${r.note ?? ''}`);
  } else if (command === 'forget-answers') {
    if (args.length > 0) throw new Error(usage);
    await forgetAnswers(db, systemClock.now());
    console.log('Alle Serverprozesse lesen ab ihrer nächsten Anfrage neu aus der Datenbank.');
  } else {
    throw new Error(usage);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
