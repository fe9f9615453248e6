import { Linter } from 'eslint';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import noFolderCycles from './no-folder-cycles.js';

/** Lints one file of a fixture tree with only this rule on, as the project's lint runs it. */
function lint(fixture: string, file: string, options: { known?: string[] } = {}) {
  const cwd = path.join(import.meta.dirname, 'fixtures', fixture);
  const filename = path.join(cwd, file);
  const linter = new Linter({ cwd });
  return linter.verify(
    readFileSync(filename, 'utf8'),
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { layers: { rules: { 'no-folder-cycles': noFolderCycles } } },
        rules: { 'layers/no-folder-cycles': ['error', options] },
      },
    ],
    filename,
  );
}

describe('layers/no-folder-cycles', () => {
  it('fails an upward import that closes a circle between two folders, though no file cycle exists', () => {
    const messages = lint('circle', 'src/low/store.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toBe(
      'This import closes a folder-level circle in src: high ⇄ low. Move what both sides need to a lower folder, or pass it in as a parameter or slot.',
    );
    expect(messages[0]!.line).toBe(2);
    // The other side of the circle is named too: either import can be the one to move.
    expect(lint('circle', 'src/high/page.ts')).toHaveLength(1);
  });

  it('passes a circle listed as known, and only that exact circle', () => {
    expect(lint('circle', 'src/low/store.ts', { known: ['src: high ⇄ low'] })).toEqual([]);
    expect(lint('circle', 'src/low/store.ts', { known: ['src: high ⇄ other'] })).toHaveLength(1);
  });

  it('passes imports that only point down', () => {
    expect(lint('layered', 'src/high/page.ts')).toEqual([]);
    expect(lint('layered', 'src/low/store.ts')).toEqual([]);
  });
});
