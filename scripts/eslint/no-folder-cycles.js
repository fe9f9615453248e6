/**
 * ESLint rule `layers/no-folder-cycles`: no import may close a circle between folders, at any level
 * of the tree (docs/architecture.md, docs/decisions/027-folder-layers.md). For a folder F, every
 * source file below F belongs to one child of F (the subfolder it lies in, or the file itself); an
 * import between files in two children is an arrow between them, and children that reach each other
 * through arrows form a circle, which no layering of F can put downwards. `import-x/no-cycle` sees
 * cycles between files only, so a folder circle made of files that never loop passes it.
 *
 * The rule reads the whole tree once per lint run (every `.ts`/`.tsx` file under the `root` option,
 * `src` by default, test files left out, as they may import any layer), follows relative imports
 * and package.json `imports` aliases (`#server/*`…), and reports each import of the linted file that
 * is an arrow inside a circle, naming the folder and its members. The `known` option lists circles
 * still to be undone, as `folder: a ⇄ b` (members sorted), so that the lint fails every new one
 * while the old ones wait for their restructuring; an entry must match a circle exactly, so a circle
 * that grows is reported again. Written here because no maintained
 * lint plugin checks folder-level cycles; its cost is one regex pass over the tree.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx'];
const isTest = (file) => /\.(test|spec)\.tsx?$/.test(file);
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** `imports` of package.json as [prefix, target] pairs, `*` stripped (`#server/` → `src/server/`). */
function aliases(cwd) {
  const file = path.join(cwd, 'package.json');
  if (!existsSync(file)) return [];
  const imports = JSON.parse(readFileSync(file, 'utf8')).imports ?? {};
  return Object.entries(imports)
    .map(([key, value]) => [key, typeof value === 'string' ? value : (value?.default ?? value?.types)])
    .filter(([key, value]) => key.endsWith('/*') && typeof value === 'string' && value.endsWith('/*'))
    .map(([key, value]) => [key.slice(0, -1), path.resolve(cwd, value.slice(0, -1))]);
}

/** The file `specifier` names from `from`, when it is one of `known`; null for packages. */
function resolveImport(from, specifier, known, aliasList) {
  let base = null;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else {
    const alias = aliasList.find(([prefix]) => specifier.startsWith(prefix));
    if (alias) base = path.join(alias[1], specifier.slice(alias[0].length));
  }
  if (!base) return null;
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [
    base,
    ...EXTENSIONS.map((e) => stem + e),
    ...EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Each import of a file as [specifier, target file]. */
function importsOf(file, known, aliasList) {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const target = resolveImport(file, specifier, known, aliasList);
    if (target && target !== file) found.push(target);
  }
  return found;
}

/** Strongly connected components of a graph (Tarjan), as a map from node to its component's id, for components of two or more. */
function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const members = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    members.sort();
    if (members.length > 1) for (const m of members) component.set(m, members);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return component;
}

/** The child of `folder` that `file` lies in (a subfolder's or the file's own name). */
const childOf = (folder, file) => path.relative(folder, file).split(path.sep)[0];

/**
 * Every folder-level circle of the tree under `root`: for each folder, the map from child to the
 * members of its circle.
 */
function analyse(root, cwd) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts') && !isTest(full))
        files.push(full);
    }
  };
  walk(root);
  const known = new Set(files);
  const aliasList = aliases(cwd);
  const edges = files.flatMap((from) => importsOf(from, known, aliasList).map((to) => [from, to]));
  const folders = new Set([root]);
  for (const file of files) {
    for (let dir = path.dirname(file); dir.startsWith(root) && dir !== root; dir = path.dirname(dir))
      folders.add(dir);
  }
  const byFolder = new Map();
  for (const folder of folders) {
    const graph = new Map();
    for (const [from, to] of edges) {
      if (!from.startsWith(folder + path.sep) || !to.startsWith(folder + path.sep)) continue;
      const a = childOf(folder, from);
      const b = childOf(folder, to);
      if (a === b) continue;
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a).add(b);
    }
    const found = circles(graph);
    if (found.size) byFolder.set(folder, found);
  }
  return { files: known, aliasList, byFolder };
}

const cache = new Map();

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'forbid imports that close a circle between folders, at every level' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, known: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      circle:
        'This import closes a folder-level circle in {{folder}}: {{members}}. Move what both sides need to a lower folder, or pass it in as a parameter or slot.',
    },
  },
  create(context) {
    const cwd = context.cwd;
    const root = path.resolve(cwd, context.options[0]?.root ?? 'src');
    const known = new Set(context.options[0]?.known ?? []);
    const file = context.filename;
    if (!file.startsWith(root + path.sep) || isTest(file)) return {};
    if (!cache.has(root)) cache.set(root, analyse(root, cwd));
    const { files, aliasList, byFolder } = cache.get(root);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveImport(file, specifier, files, aliasList);
      if (!target) return;
      for (const [folder, members] of byFolder) {
        if (!file.startsWith(folder + path.sep) || !target.startsWith(folder + path.sep)) continue;
        const a = childOf(folder, file);
        const b = childOf(folder, target);
        const circle = members.get(a);
        if (a === b || !circle || !circle.includes(b)) continue;
        const data = { folder: path.relative(cwd, folder) || '.', members: circle.join(' ⇄ ') };
        if (known.has(`${data.folder}: ${data.members}`)) continue;
        context.report({ node, messageId: 'circle', data });
        return;
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
