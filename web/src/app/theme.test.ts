import { describe, expect, it } from 'vitest';
import { applyTheme, nextTheme, storedTheme } from './theme';

describe('theme', () => {
  it('is remembered and cycles system, dark, light', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    const root = { dataset: {} as DOMStringMap };
    expect(storedTheme(storage)).toBe('system');
    applyTheme(nextTheme('system'), root, storage);
    expect(root.dataset.theme).toBe('dark');
    expect(storedTheme(storage)).toBe('dark');
    applyTheme(nextTheme('dark'), root, storage);
    expect(root.dataset.theme).toBe('light');
    applyTheme(nextTheme('light'), root, storage);
    expect(root.dataset.theme).toBeUndefined();
    expect(storedTheme(storage)).toBe('system');
    items.set('allegra.theme', 'purple');
    expect(storedTheme(storage)).toBe('system');
  });
});
