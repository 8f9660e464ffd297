// Playwright Test for the Lamp Shop: the sandbox server and the shop are started by `webServer`,
// each on a free port that its first line of output announces. A named group in a `wait`
// pattern becomes an environment variable (upper-cased) for what starts next and for the tests:
// the sandbox's URL is $SANDBOX_URL, the shop's is $SHOP_URL.
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// `service-stub` comes with the service's Python package (pip install service-checkout): on the
// PATH of its virtual environment, or named by $SERVICE_STUB.
const SERVICE_STUB = process.env.SERVICE_STUB || 'service-stub';

// A Chromium of this machine where Playwright's own download is missing (closed networks, CI
// images with Chromium installed): $CHROMIUM, then Debian's headless shell (the one Playwright
// itself runs headless: a third of the CPU of the full browser per page), then Debian's and
// Ubuntu's /usr/bin/chromium; otherwise Playwright's own (npx playwright install chromium).
const CHROMIUM = [process.env.CHROMIUM, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find(
  (path) => path && existsSync(path),
);
const CHROMIUM_ARGS = [
  '--no-sandbox', // in containers, which have no user namespaces for Chromium's sandbox
  '--disable-gpu',
  '--disable-dev-shm-usage',
  // On a closed network Chromium would keep trying to reach its update and sync services.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests',
  // The tests share the one sandbox server, and each resets it first: one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: process.env.SHOP_URL,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      name: 'sandbox',
      // --stop-when-stdin-closes: if the test run is killed, the server goes with it.
      command: `${SERVICE_STUB} --port 0 --stop-when-stdin-closes`,
      wait: { stdout: /service-stub listening on (?<sandbox_url>http:\/\/\S+)/ },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 30000,
    },
    {
      name: 'shop',
      command: 'node shop/server.js', // reads $SANDBOX_URL, set by the line above
      wait: { stdout: /lamp shop listening on (?<shop_url>http:\/\/\S+)/ },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 30000,
    },
  ],
});
