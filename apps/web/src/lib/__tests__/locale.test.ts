import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, stripLocale, switchLocalePath } from '../locale.ts';

describe('locale paths', () => {
  it.each([
    ['/', 'en', '/'],
    ['/login', 'en', '/login'],
    ['/es', 'es', '/'],
    ['/es/login', 'es', '/login'],
    ['/espana', 'en', '/espana'],
  ])('%s is %s, page %s', (path, locale, page) => {
    expect(localeFromPath(path)).toBe(locale);
    expect(stripLocale(path)).toBe(page);
  });

  it('prefixes every locale but English', () => {
    expect(localizePath('/', 'es')).toBe('/es');
    expect(localizePath('/login', 'es')).toBe('/es/login');
    expect(localizePath('/login', 'en')).toBe('/login');
    expect(switchLocalePath('/es/persons/mx', 'en')).toBe('/persons/mx');
  });
});
