// The app under the TypeScript compiler, strict (tsconfig.json): service-js's types and the
// SDK's own declarations that come with it, as the app uses them.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { test, expect } from '@playwright/test';

const APP = fileURLToPath(new URL('..', import.meta.url));

test('the app type-checks with tsc --strict', () => {
  const run = spawnSync('node_modules/.bin/tsc', ['--noEmit', '--strict', '-p', 'tsconfig.json'], { cwd: APP, encoding: 'utf8' });
  expect(run.stdout + run.stderr).toBe('');
  expect(run.status).toBe(0);
});
