import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../src/lib/config.ts';

// Without PUBLIC_URL a PDF's link and QR code would follow the request's Host, which the client writes.
test('production requires PUBLIC_URL; the demo and development do not', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
    /^Invalid configuration: PUBLIC_URL is required when NODE_ENV=production/,
  );
  expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://centinela.example' }).PUBLIC_URL).toBe(
    'https://centinela.example',
  );
  expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
  expect(loadConfig({ NODE_ENV: 'test' }).PUBLIC_URL).toBeUndefined();
});
