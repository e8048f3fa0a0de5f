import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The layer rules of ARCHITECTURE.md, as the linter applies them to code placed in each folder. */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer rules', () => {
  it.each([
    ['a machine importing a view', 'src/machines/x-machine.ts', "import { Header } from '@/views/shell/header';\nexport const x = Header;\n"],
    ['a machine importing an effect', 'src/machines/x-machine.ts', "import { navigateTo } from '@/effects/navigation';\nexport const x = navigateTo;\n"],
    ['a machine importing React', 'src/machines/x-machine.ts', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['a machine calling fetch', 'src/machines/x-machine.ts', "export const x = () => fetch('/api');\n"],
    ['a machine that invokes', 'src/machines/x-machine.ts', "export const x = { states: { a: { invoke: { src: 'load' } } } };\n"],
    ['a machine with a timer', 'src/machines/x-machine.ts', "export const x = { states: { a: { after: { 100: 'b' } } } };\n"],
    ['a view importing an effect', 'src/views/x.tsx', "import { navigateTo } from '@/effects/navigation';\nexport const x = navigateTo;\n"],
    ['a view importing persistence', 'src/views/x.tsx', "import { readFlagCookie } from '@/persistence/flag-cookie';\nexport const x = readFlagCookie;\n"],
    ['a view importing a machine value', 'src/views/x.tsx', "import { menuMachine } from '@/machines/menu-machine';\nexport const x = menuMachine;\n"],
    ['a view calling fetch', 'src/views/x.tsx', "export const x = () => fetch('/api');\n"],
    ['the domain importing a machine', 'src/domain/x.ts', "import { menuMachine } from '@/machines/menu-machine';\nexport const x = menuMachine;\n"],
    ['an effect importing a view', 'src/effects/x.ts', "import { Header } from '@/views/shell/header';\nexport const x = Header;\n"],
    ['the server importing a view', 'server/x.ts', "import { Header } from '../src/views/shell/header.tsx';\nexport const x = Header;\n"],
  ])('refuses %s', async (_name, filePath, code) => {
    expect(await problems(filePath, code)).not.toEqual([]);
  });

  it.each([
    ['a view importing a machine type', 'src/views/x.tsx', "import type { menuMachine } from '@/machines/menu-machine';\nexport type X = typeof menuMachine;\n"],
    ['a machine importing the domain', 'src/machines/x-machine.ts', "import { setFlagItem } from '@/domain/flag-items';\nexport const x = setFlagItem;\n"],
    ['the server importing the domain', 'server/x.ts', "import { setFlagItem } from '../src/domain/flag-items.ts';\nexport const x = setFlagItem;\n"],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});
