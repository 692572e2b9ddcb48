// How the benches start the app's server: production mode on loopback, from the sources through
// tsx, or the built server with BENCH_DIST=1 (`npm run build` first). Each bench adds its own
// variables (DATA_DIR, DATABASE_URL, CLIENT_DIR, …) after these.

/** The server process's environment: nothing of the bench's own environment but PATH. */
export const serverEnv = (port: number, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  ...env,
});

/** The node arguments that run the server: the built one with BENCH_DIST, else the sources. */
export const serverEntry = () =>
  process.env.BENCH_DIST ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
