// node --test's results as JSON lines, one per test: what tests/loader/test_loader.py reads to
// report each failure by its name.
export default async function* reporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, file, details } = event.data;
    if (details.type === 'suite') continue;
    const error = details.error && (details.error.cause || details.error);
    yield JSON.stringify({
      name,
      file,
      ok: event.type === 'test:pass',
      error: error ? String(error.stack || error) : null,
    }) + '\n';
  }
}
