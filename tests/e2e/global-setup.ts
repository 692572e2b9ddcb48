// Starts what the journeys need (tests/support/journey-server.ts): a local SMTP server collecting
// mails, the fakes of Steady and OP3, and the built app on a free port with a fresh data directory.
import { basename } from 'node:path';
import { startJourneyServer } from '../support/journey-server.ts';

export default async function globalSetup() {
  // One log per pass of `npm test` (named after its report), so a later pass keeps the earlier's.
  const server = await startJourneyServer(basename(process.env.E2E_REPORT ?? 'e2e', '.json'));
  // Workers inherit these (they start after global setup); playwright.config.ts reads the URL.
  Object.assign(process.env, server.env);
  return () => server.close();
}
