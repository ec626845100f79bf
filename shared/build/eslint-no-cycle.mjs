// The repository's no-cycle lint rule: eslint-plugin-import-x's `no-cycle` with type-only imports counted.
// import-x's rule always skips `import type` and `export type … from` (in the file it lints and along the
// path it follows) and has no option to count them. A cycle that closes only through types still ties two
// modules together: neither can be understood, tested or moved without the other. So this is the same
// search (import-x's module graph and resolver, its messages) with every import, type or value, followed.
import { ModuleInfo } from 'eslint-plugin-import-x/core/index';
import { moduleVisitor } from 'eslint-plugin-import-x/utils';

/** Modules already searched from the file being linted (cleared at the end of each file). */
const traversed = new Set();

const routeString = (route) => route.map((source) => `${source.value}:${source.loc.start.line}`).join('=>');

/** @type {import('eslint').Rule.RuleModule} */
export const noCycleIncludingTypes = {
  meta: {
    type: 'suggestion',
    docs: {
      description:
        'Forbid a module from importing a module with a dependency path back to itself, types included.',
    },
    schema: [],
    messages: {
      cycle: 'Dependency cycle detected',
      cycleSource: 'Dependency cycle via "{{source}}"',
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    return {
      ...moduleVisitor((sourceNode, importer) => {
        const imported = ModuleInfo.get(sourceNode.value, context);
        if (imported == null || imported.path === filename || traversed.has(imported.path)) return;
        traversed.add(imported.path);
        const untraversed = [{ mget: () => imported, path: imported.path, route: [] }];
        // Breadth first over the imports of the imported module, theirs, and so on, until one is this file.
        const closesHere = ({ mget, route }) => {
          const module = mget();
          if (module == null) return false;
          for (const [path, { resolve: next, declarations }] of module.getImports()) {
            if (traversed.has(path) || declarations.size === 0) continue;
            if (path === filename) return true;
            traversed.add(path);
            untraversed.push({ mget: next, path, route: [...route, [...declarations][0].source] });
          }
          return false;
        };
        while (untraversed.length > 0) {
          const next = untraversed.shift();
          if (!closesHere(next)) continue;
          for (const { path } of untraversed) traversed.delete(path);
          context.report(
            next.route.length > 0
              ? { node: importer, messageId: 'cycleSource', data: { source: routeString(next.route) } }
              : { node: importer, messageId: 'cycle' },
          );
          return;
        }
      }),
      'Program:exit'() {
        traversed.clear();
      },
    };
  },
};
