/**
 * The environment of the app started as its own process on the embedded database in `dataDir`, as
 * `npm start` runs it: no DATABASE_URL, any free port on 127.0.0.1, quiet logs.
 */
export function embeddedAppEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'warn',
  };
}
