// An import resolver for the layer rules (eslint-module-utils interface v2): the '@/' alias and
// relative paths resolve to our files; anything else goes to eslint-import-resolver-node.
// Written instead of eslint-import-resolver-typescript, whose native resolver bindings for other
// platforms are missing from this registry, so `npm ci` could not install from the lock file.
const fs = require('node:fs');
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const root = path.resolve(__dirname, '..');
const src = path.join(root, 'src');
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'];

function isFile(candidate) {
  return fs.statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false;
}

/** The file a path names: as written, with an extension added, a .js written for a .ts, or its index. */
function fileFor(base) {
  if (isFile(base)) return base;
  for (const extension of EXTENSIONS) if (isFile(base + extension)) return base + extension;
  const js = /\.(m|c)?js$/.exec(base);
  if (js) {
    const stem = base.slice(0, -js[0].length);
    for (const extension of ['.ts', '.tsx', '.mts']) if (isFile(stem + extension)) return stem + extension;
  }
  for (const extension of EXTENSIONS) if (isFile(path.join(base, `index${extension}`))) return path.join(base, `index${extension}`);
  return null;
}

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file, config) {
  const bare = source.split('?')[0];
  if (bare.startsWith('@/')) {
    const found = fileFor(path.join(src, bare.slice(2)));
    return found ? { found: true, path: found } : { found: false };
  }
  if (bare.startsWith('.') || path.isAbsolute(bare)) {
    const found = fileFor(path.resolve(path.dirname(file), bare));
    return found ? { found: true, path: found } : { found: false };
  }
  return nodeResolver.resolve(source, file, config ?? {});
};
