import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of ARCHITECTURE.md, as the linter applies them to code placed in each folder.
 * Imports are judged by the file they resolve to, so each case is tried with the '@/' alias and
 * with a relative path; type-only imports (`import type`) are told apart. An import of inline types
 * alone (`import { type X }`) is refused by its own rule: the build would keep it as `import '…'`.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

/** The rules that keep the layers apart; a refusal by any other rule (a parse error, say) proves nothing. */
const LAYER_RULE = /^(boundaries\/dependencies|@typescript-eslint\/no-restricted-imports|no-restricted-(globals|properties|syntax)): /;

async function refusal(filePath: string, code: string): Promise<string[]> {
  const found = await problems(filePath, code);
  expect(found.filter((problem) => !LAYER_RULE.test(problem))).toEqual([]);
  return found;
}

type Case = [name: string, filePath: string, code: string];

const use = (statement: string, name: string) => `${statement}\nexport const x = ${name};\n`;
const useType = (statement: string, name: string) => `${statement}\nexport type X = typeof ${name};\n`;

describe('layer rules', () => {
  const refused: Case[] = [
    ['a machine importing a view', 'src/machines/x-machine.ts', use("import { Header } from '@/views/shell/header';", 'Header')],
    ['a machine importing a view by a relative path', 'src/machines/x-machine.ts', use("import { Header } from '../views/shell/header';", 'Header')],
    ['a machine importing an effect', 'src/machines/x-machine.ts', use("import { navigateTo } from '@/effects/navigation';", 'navigateTo')],
    ['a machine importing an effect by a relative path', 'src/machines/x-machine.ts', use("import { navigateTo } from '../effects/navigation';", 'navigateTo')],
    ['a machine importing persistence by a relative path', 'src/machines/x-machine.ts', use("import { readGaId } from '../persistence/analytics-cookie';", 'readGaId')],
    ['a machine importing a binding by a relative path', 'src/machines/x-machine.ts', use("import { useSettings } from '../bindings/hooks';", 'useSettings')],
    ['a machine importing React', 'src/machines/x-machine.ts', use("import { useState } from 'react';", 'useState')],
    ['a machine calling fetch', 'src/machines/x-machine.ts', "export const x = () => fetch('/api');\n"],
    ['a machine that invokes', 'src/machines/x-machine.ts', "export const x = { states: { a: { invoke: { src: 'load' } } } };\n"],
    ['a machine with a timer', 'src/machines/x-machine.ts', "export const x = { states: { a: { after: { 100: 'b' } } } };\n"],
    ['a view importing an effect', 'src/views/x.tsx', use("import { navigateTo } from '@/effects/navigation';", 'navigateTo')],
    ['a view importing an effect by a relative path', 'src/views/x.tsx', use("import { navigateTo } from '../effects/navigation';", 'navigateTo')],
    ['a view in a feature folder importing an effect by a relative path', 'src/views/search/x.tsx', use("import { navigateTo } from '../../effects/navigation';", 'navigateTo')],
    ['a view re-exporting an effect', 'src/views/x.tsx', "export { navigateTo } from '../effects/navigation';\n"],
    ['a view loading an effect on demand', 'src/views/x.tsx', "export const x = () => import('../effects/navigation');\n"],
    ['a view importing persistence', 'src/views/x.tsx', use("import { readFlagCookie } from '@/persistence/flag-cookie';", 'readFlagCookie')],
    ['a view importing persistence by a relative path', 'src/views/order/x.tsx', use("import { readFlagCookie } from '../../persistence/flag-cookie';", 'readFlagCookie')],
    ['a view importing a machine value', 'src/views/x.tsx', use("import { menuMachine } from '@/machines/menu-machine';", 'menuMachine')],
    ['a view importing a machine value by a relative path', 'src/views/x.tsx', use("import { menuMachine } from '../machines/menu-machine';", 'menuMachine')],
    ['a view importing a machine value beside a type', 'src/views/x.tsx', `${use("import { menuMachine, type menuMachine as MenuMachine } from '../machines/menu-machine';", 'menuMachine')}export type X = typeof MenuMachine;\n`],
    ['a view importing a feature actor\'s wiring (not a hook)', 'src/views/x.tsx', use("import { connectSearch } from '../bindings/actors/search-wiring';", 'connectSearch')],
    ['a view importing the composition root', 'src/views/x.tsx', use("import { createRoutes } from '@/app/routes';", 'createRoutes')],
    ['a view importing the composition root by a relative path', 'src/views/pages/x.tsx', use("import { wireEffects } from '../../app/wire-effects';", 'wireEffects')],
    ['a view importing a type of the composition root', 'src/views/pages/x.tsx', useType("import type { createRoutes } from '@/app/routes';", 'createRoutes')],
    ['a view loading the composition root on demand', 'src/views/x.tsx', "export const x = () => import('../app/routes');\n"],
    ['a hook importing the composition root', 'src/bindings/x-hooks.ts', use("import { wireEffects } from '@/app/wire-effects';", 'wireEffects')],
    ['a feature actor importing the composition root by a relative path', 'src/bindings/actors/x-actors.ts', use("import { connectOrder } from '../../app/order-wiring';", 'connectOrder')],
    ['a hook importing a view', 'src/bindings/x-hooks.ts', use("import { Header } from '@/views/shell/header';", 'Header')],
    ['a view calling fetch', 'src/views/x.tsx', "export const x = () => fetch('/api');\n"],
    ['the state-chart page importing an effect', 'src/views/statecharts/x.tsx', use("import { navigateTo } from '../../effects/navigation';", 'navigateTo')],
    ['the domain importing a machine', 'src/domain/x.ts', use("import { menuMachine } from '@/machines/menu-machine';", 'menuMachine')],
    ['the domain importing a machine by a relative path', 'src/domain/x.ts', use("import { menuMachine } from '../machines/menu-machine';", 'menuMachine')],
    ['the domain importing a machine type', 'src/domain/search/x.ts', useType("import type { menuMachine } from '../../machines/menu-machine';", 'menuMachine')],
    ['the domain importing a view by a relative path', 'src/domain/x.ts', use("import { Header } from '../views/shell/header';", 'Header')],
    ['the domain importing the server', 'src/domain/x.ts', use("import { loadSiteSettings } from '../../server/config.ts';", 'loadSiteSettings')],
    ['the domain importing DOMPurify', 'src/domain/x.ts', use("import DOMPurify from 'dompurify';", 'DOMPurify')],
    ['an effect importing a view', 'src/effects/x.ts', use("import { Header } from '@/views/shell/header';", 'Header')],
    ['an effect importing a view by a relative path', 'src/effects/x.ts', use("import { Header } from '../views/shell/header';", 'Header')],
    ['an effect importing persistence by a relative path', 'src/effects/x.ts', use("import { readGaId } from '../persistence/analytics-cookie';", 'readGaId')],
    ['an effect importing a machine value by a relative path', 'src/effects/x.ts', use("import { menuMachine } from '../machines/menu-machine';", 'menuMachine')],
    ['persistence importing an effect by a relative path', 'src/persistence/x.ts', use("import { navigateTo } from '../effects/navigation';", 'navigateTo')],
    ['persistence importing a machine value by a relative path', 'src/persistence/x.ts', use("import { menuMachine } from '../machines/menu-machine';", 'menuMachine')],
    ['the app importing the server', 'src/app/x.ts', use("import { loadSiteSettings } from '../../server/config.ts';", 'loadSiteSettings')],
    ['the server importing a view', 'server/x.ts', use("import { Header } from '../src/views/shell/header.tsx';", 'Header')],
    ['the server importing a machine', 'server/pricing/x.ts', use("import { menuMachine } from '../../src/machines/menu-machine.ts';", 'menuMachine')],
    ['the server importing an effect', 'server/x.ts', use("import { navigateTo } from '../src/effects/navigation.ts';", 'navigateTo')],
    ['the server importing the app entry', 'server/x.ts', use("import { render } from '../src/app/entry-server.tsx';", 'render')],
  ];
  it.each(refused)('refuses %s', async (_name, filePath, code) => {
    expect(await refusal(filePath, code)).not.toEqual([]);
  });

  const allowed: Case[] = [
    ['a view importing a machine type', 'src/views/x.tsx', useType("import type { menuMachine } from '@/machines/menu-machine';", 'menuMachine')],
    ['a view importing a machine type by a relative path', 'src/views/x.tsx', useType("import type { menuMachine } from '../machines/menu-machine';", 'menuMachine')],
    ['a view importing the domain by a relative path', 'src/views/x.tsx', use("import { setFlagItem } from '../domain/flag-items';", 'setFlagItem')],
    ['a view importing a hook', 'src/views/x.tsx', use("import { useSettings } from '@/bindings/hooks';", 'useSettings')],
    ['a view importing a hook by a relative path', 'src/views/order/x.tsx', use("import { useOrder } from '../../bindings/order-hooks';", 'useOrder')],
    ['a hook importing an effect and a feature actor', 'src/bindings/x-hooks.ts', `${use("import { navigateTo } from '@/effects/navigation';", 'navigateTo')}import './actors/pricing-actors';\n`],
    ['the composition root importing a binding by a relative path', 'src/app/x.ts', use("import { createSiteActors } from '../bindings/actors/site-actors';", 'createSiteActors')],
    ['a view importing another view by a relative path', 'src/views/order/x.tsx', use("import { Button } from '../ui/button';", 'Button')],
    ['the state-chart page importing the machine registry', 'src/views/statecharts/x.tsx', use("import { machineRegistry } from '../../machines/registry';", 'machineRegistry')],
    ['a machine importing the domain', 'src/machines/x-machine.ts', use("import { setFlagItem } from '@/domain/flag-items';", 'setFlagItem')],
    ['a machine importing the domain by a relative path', 'src/machines/x-machine.ts', use("import { setFlagItem } from '../domain/flag-items';", 'setFlagItem')],
    ['a machine importing another machine by a relative path', 'src/machines/x-machine.ts', use("import { flagMachine } from './flag-machine';", 'flagMachine')],
    ['the domain importing the domain by a relative path', 'src/domain/search/x.ts', use("import { setFlagItem } from '../flag-items';", 'setFlagItem')],
    ['an effect importing a machine type by a relative path', 'src/effects/x.ts', useType("import type { menuMachine } from '../machines/menu-machine';", 'menuMachine')],
    ['an effect importing the domain by a relative path', 'src/effects/x.ts', use("import { setFlagItem } from '../domain/flag-items';", 'setFlagItem')],
    ['persistence importing a machine type by a relative path', 'src/persistence/x.ts', useType("import type { menuMachine } from '../machines/menu-machine';", 'menuMachine')],
    ['the app importing an effect by a relative path', 'src/app/x.ts', use("import { navigateTo } from '../effects/navigation';", 'navigateTo')],
    ['the server importing the domain', 'server/x.ts', use("import { setFlagItem } from '../src/domain/flag-items.ts';", 'setFlagItem')],
    ['the server importing its own modules', 'server/pricing/x.ts', use("import { loadSiteSettings } from '../config.ts';", 'loadSiteSettings')],
    ['the server importing the app entry types', 'server/x.ts', "import type { RenderResult } from '../src/app/entry-server.tsx';\nexport type X = RenderResult;\n"],
  ];
  it.each(allowed)('allows %s', async (_name, filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });

  it('refuses an import of inline types alone, whatever the layer: the build keeps the module for its side effects', async () => {
    const found = await problems('src/views/order/x.tsx', useType("import { type menuMachine } from '../../machines/menu-machine';", 'menuMachine'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^@typescript-eslint\/no-import-type-side-effects: /);
  });
});

describe('machines and the domain are pure: no clock, no chance, no browser', () => {
  const layers = [
    ['a machine', 'src/machines/x-machine.ts'],
    ['the domain', 'src/domain/search/x.ts'],
  ] as const;
  const impure: Array<[string, string]> = [
    ['reads Date.now()', 'export const x = () => Date.now();\n'],
    ['makes new Date()', 'export const x = () => new Date().toISOString();\n'],
    ['calls Date()', 'export const x = () => Date();\n'],
    ['draws Math.random()', 'export const x = () => Math.random();\n'],
    ['reads navigator', 'export const x = () => navigator.language;\n'],
    ['reads window', 'export const x = () => window.location.hash;\n'],
    ['reads globalThis', 'export const x = () => globalThis.Date.now();\n'],
    ['reads performance.now()', 'export const x = () => performance.now();\n'],
    ['uses crypto', 'export const x = () => crypto.randomUUID();\n'],
    ['reads the document', 'export const x = () => document.title;\n'],
  ];
  it.each(layers.flatMap(([layer, filePath]) => impure.map(([what, code]) => [`${layer} that ${what}`, filePath, code] as const)))('refuses %s', async (_name, filePath, code) => {
    expect(await refusal(filePath, code)).not.toEqual([]);
  });

  const pure: Array<[string, string]> = [
    ['takes now as a parameter', 'export const x = (now: number) => new Date(now).toISOString().slice(0, 10);\n'],
    ['does calendar arithmetic', 'export const x = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);\n'],
    ['draws from a given random source', 'export const x = (random: () => number) => Math.floor(random() * 9999) + 1;\n'],
    ['names a window of days', 'export const x = (window: number) => window * 2;\n'],
  ];
  it.each(layers.flatMap(([layer, filePath]) => pure.map(([what, code]) => [`${layer} that ${what}`, filePath, code] as const)))('allows %s', async (_name, filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });

  it('lets the composition root read the clock and the window', async () => {
    expect(await problems('src/app/x.ts', 'export const x = () => [Date.now(), Math.random(), window.location.hash, navigator.language];\n')).toEqual([]);
  });
});
