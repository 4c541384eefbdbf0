// Checks that no crate of the workspace has an import cycle between its modules, and prints
// each crate's module graph with `--print`.
//
//   node scripts/modules.mjs            # exit status 1 and the cycles, if there are any
//   node scripts/modules.mjs --print    # also every module and the modules it uses
//
// A module is a file (`foo.rs` or `foo/mod.rs`). Module A uses module B when A's code names an
// item *defined* in B: through `use crate::…`, `use super::…`, `use self::…` or an inline path
// such as `crate::words::card(…)`. A path through a `pub use` re-export is followed to where the
// item is defined, so that a crate's root re-exporting its modules (a facade) is no dependency;
// the re-exports themselves are not uses. Test modules (`#[cfg(test)] mod … { … }`, and files
// declared under `#[cfg(test)]`) and comments are left out: tests may look anywhere.
//
// This reads the source text, not the compiler's resolution: it understands the paths this
// workspace writes (`crate::`, `super::`, `self::`, brace groups, `as` renames, globs), which is
// all that `use` can say between a crate's own modules.

import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const print = process.argv.includes('--print');

function crates() {
  const out = [{ name: 'piquet-web', src: join(root, 'src'), rootFile: 'lib.rs' }];
  for (const dir of readdirSync(join(root, 'crates'))) {
    const src = join(root, 'crates', dir, 'src');
    if (!existsSync(src)) continue;
    const rootFile = existsSync(join(src, 'lib.rs')) ? 'lib.rs' : 'main.rs';
    out.push({ name: dir, src, rootFile });
  }
  return out;
}

/** The source without comments, strings and chars, so that paths in them are not read. */
function code(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const n = text[i + 1];
    if (c === '/' && n === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && n === '*') {
      let depth = 0;
      do {
        if (text[i] === '/' && text[i + 1] === '*') { depth++; i += 2; }
        else if (text[i] === '*' && text[i + 1] === '/') { depth--; i += 2; }
        else i++;
      } while (depth > 0 && i < text.length);
    } else if (c === 'r' && (n === '"' || (n === '#' && /^r#+"/.test(text.slice(i, i + 10))))) {
      const m = /^r(#*)"/.exec(text.slice(i));
      const end = '"' + m[1];
      const j = text.indexOf(end, i + m[0].length);
      out += '""';
      i = j < 0 ? text.length : j + end.length;
    } else if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      out += '""';
      i++;
    } else if (c === "'" && /^'(\\.|[^\\'])'/.test(text.slice(i, i + 12))) {
      const m = /^'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'/.exec(text.slice(i));
      out += "' '";
      i += m ? m[0].length : 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Removes `#[cfg(test)]` items: a module with a body, or a `mod x;` declaration. */
function withoutTests(src, testFiles, modPath) {
  let out = src;
  for (;;) {
    const at = out.search(/#\[cfg\(test\)\]/);
    if (at < 0) return out;
    const after = out.slice(at);
    const decl = /^#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;/.exec(after);
    if (decl) {
      testFiles.add([...modPath, decl[1]].join('::'));
      out = out.slice(0, at) + out.slice(at + decl[0].length);
      continue;
    }
    const open = out.indexOf('{', at);
    const semi = out.indexOf(';', at);
    if (open < 0 || (semi >= 0 && semi < open)) {
      out = out.slice(0, at) + out.slice(semi + 1);
      continue;
    }
    let depth = 0;
    let j = open;
    for (; j < out.length; j++) {
      if (out[j] === '{') depth++;
      else if (out[j] === '}' && --depth === 0) break;
    }
    out = out.slice(0, at) + out.slice(j + 1);
  }
}

/** Expands a `use` tree (`a::{b, c::{d as e}, self}`) into paths (arrays of segments). */
function expand(tree) {
  tree = tree.replace(/\s+as\s+\w+/g, '').replace(/\s+/g, '');
  const out = [];
  const walk = (prefix, t) => {
    const brace = t.indexOf('{');
    if (brace < 0) {
      const p = t.split('::').filter(Boolean);
      const full = [...prefix, ...p];
      if (full[full.length - 1] === 'self') full.pop();
      out.push(full);
      return;
    }
    const head = t.slice(0, brace).split('::').filter(Boolean);
    const inner = t.slice(brace + 1, t.lastIndexOf('}'));
    let depth = 0;
    let start = 0;
    for (let i = 0; i <= inner.length; i++) {
      const ch = inner[i];
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
      else if ((ch === ',' || i === inner.length) && depth === 0) {
        const part = inner.slice(start, i);
        if (part) walk([...prefix, ...head], part);
        start = i + 1;
      }
    }
  };
  walk([], tree);
  return out;
}

function analyse(crate) {
  const modules = new Map(); // 'a::b' -> { file, code, items:Set, reexports:Map, children:Set }
  const testFiles = new Set();
  const load = (file, path) => {
    const key = path.join('::');
    if (testFiles.has(key)) return;
    const src = withoutTests(code(readFileSync(file, 'utf8')), testFiles, path);
    const m = { file, src, items: new Set(), reexports: new Map(), children: new Set() };
    modules.set(key, m);
    for (const d of src.matchAll(/\b(?:fn|struct|enum|trait|type|const|static|union|macro_rules!)\s+(\w+)/g)) {
      m.items.add(d[1]);
    }
    for (const d of src.matchAll(/\bpub(?:\([^)]*\))?\s+use\s+([^;]+);/g)) {
      const alias = /\bas\s+(\w+)\s*$/.exec(d[1]);
      for (const p of expand(d[1])) {
        const name = p.length ? p[p.length - 1] : null;
        if (name) m.reexports.set(name, p);
        if (alias && !d[1].includes('{')) m.reexports.set(alias[1], p);
      }
    }
    const dir = file.endsWith('mod.rs') || path.length === 0 ? join(file, '..') : file.replace(/\.rs$/, '');
    for (const d of src.matchAll(/(?:^|\n)\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;/g)) {
      const name = d[1];
      const child = [...path, name];
      if (testFiles.has(child.join('::'))) continue;
      const a = join(dir, `${name}.rs`);
      const b = join(dir, name, 'mod.rs');
      const f = existsSync(a) ? a : existsSync(b) ? b : null;
      if (f) {
        m.children.add(name);
        load(f, child);
      }
    }
  };
  load(join(crate.src, crate.rootFile), []);

  // The module (key) that defines what `path` (absolute segments) names.
  const resolve = (segs, seen = 0) => {
    if (seen > 8) return null;
    let mod = '';
    let i = 0;
    for (; i < segs.length; i++) {
      const next = mod ? `${mod}::${segs[i]}` : segs[i];
      if (modules.has(next)) mod = next;
      else break;
    }
    if (i >= segs.length) return mod;
    const m = modules.get(mod);
    const name = segs[i];
    if (m.items.has(name)) return mod;
    const via = m.reexports.get(name);
    if (via) {
      const abs = absolute(via, mod.split('::').filter(Boolean));
      if (abs) return resolve([...abs, ...segs.slice(i + 1)], seen + 1);
    }
    return mod;
  };
  // Makes a path written in module `here` absolute within the crate, or null (another crate).
  const absolute = (p, here) => {
    if (!p.length) return null;
    if (p[0] === 'crate') return p.slice(1);
    if (p[0] === 'self') return [...here, ...p.slice(1)];
    if (p[0] === 'super') {
      let base = [...here];
      let k = 0;
      while (p[k] === 'super') { base.pop(); k++; }
      return [...base, ...p.slice(k)];
    }
    // A child module named without `self::` (2018 paths): `mod words; use words::x`.
    const m = modules.get(here.join('::'));
    if (m && m.children.has(p[0])) return [...here, ...p];
    return null;
  };

  const edges = new Map();
  for (const [key, m] of modules) {
    const here = key.split('::').filter(Boolean);
    const uses = new Set();
    const add = (p) => {
      const abs = absolute(p, here);
      if (!abs) return;
      const target = resolve(abs);
      if (process.env.MODULES_DEBUG && target === '') console.log(`${key}: ${p.join('::')} -> (root)`);
      if (target !== null && target !== key) uses.add(target);
    };
    const body = m.src.replace(/\bpub(?:\([^)]*\))?\s+use\s+[^;]+;/g, '');
    for (const d of body.matchAll(/\buse\s+([^;]+);/g)) {
      for (const p of expand(d[1])) add(p);
    }
    for (const d of body.matchAll(/(?<![\w:])((?:crate|super|self)(?:::\w+)+)/g)) {
      add(d[1].split('::'));
    }
    // A child module's item named by the child's name alone: `words::card(…)` after `mod words;`.
    for (const d of body.matchAll(/(?<![\w:])(\w+)((?:::\w+)+)/g)) {
      if (m.children.has(d[1])) add([d[1], ...d[2].split('::').filter(Boolean)]);
    }
    edges.set(key, uses);
  }
  return { modules, edges };
}

/** Tarjan's strongly connected components with more than one module. */
function cycles(edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) || []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) {
        low.set(v, Math.min(low.get(v), idx.get(w)));
      }
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return out;
}

let failed = 0;
let total = 0;
for (const crate of crates()) {
  const { modules, edges } = analyse(crate);
  total += modules.size;
  const found = cycles(edges);
  if (print) {
    console.log(`${crate.name} (${relative(root, crate.src)}):`);
    for (const [k, uses] of [...edges].sort()) {
      console.log(`  ${k || '(root)'} -> ${[...uses].sort().map((u) => u || '(root)').join(', ') || '(none)'}`);
    }
  }
  for (const scc of found) {
    failed++;
    console.log(`${crate.name}: import cycle between ${scc.map((u) => u || '(root)').join(', ')}`);
    for (const v of scc) {
      const inside = [...edges.get(v)].filter((w) => scc.includes(w));
      console.log(`    ${v || '(root)'} uses ${inside.map((u) => u || '(root)').join(', ')}`);
    }
  }
}
if (failed) {
  console.log(`${failed} import cycle(s)`);
  process.exit(1);
}
console.log(`modules: ${total} in ${crates().length} crates, no import cycle`);
