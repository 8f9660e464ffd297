// Playwright Test for the React shop. `webServer` starts the sandbox server (`service-stub`, from
// the service's Python package: on the PATH, or $SERVICE_STUB) and then builds and starts the
// shop, each on a free port its first line announces: a named group of a `wait` pattern becomes
// an environment variable for what starts next and for the tests ($SANDBOX_URL, $SHOP_URL).
// The app is built with React's development build (NODE_ENV=development), so that StrictMode
// mounts components and runs effects twice, as it does while the app is written.
//
// Chromium: $CHROMIUM, else Debian's headless shell or /usr/bin/chromium, else Playwright's own
// download; the flags keep it quiet on a closed network (../merchant_ci_node/README.md says more).
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const stub = process.env.SERVICE_STUB || 'service-stub';
const chromium = [process.env.CHROMIUM, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => path && existsSync(path));
const quietly = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
const stopping = { gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 } };

export default defineConfig({
  testDir: 'tests',
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: { baseURL: process.env.SHOP_URL, launchOptions: { executablePath: chromium, args: quietly } },
  // The browser's tests share one sandbox server, each resetting it first: one at a time. The
  // compiler needs no browser and runs beside them.
  workers: 2,
  projects: [
    { name: 'chromium', testIgnore: /typecheck/, workers: 1 },
    { name: 'types', testMatch: /typecheck\.spec\.js/, workers: 1 },
  ],
  webServer: [
    {
      command: `${stub} --port 0 --stop-when-stdin-closes`,
      wait: { stdout: /service-stub listening on (?<sandbox_url>http:\/\/\S+)/ },
      timeout: 30000,
      ...stopping,
    },
    {
      command: 'npm run --silent build && node server/shop.js',
      env: { NODE_ENV: 'development' },
      wait: { stdout: /react shop listening on (?<shop_url>http:\/\/\S+)/ },
      timeout: 60000,
      ...stopping,
    },
  ],
});
