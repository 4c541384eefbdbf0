// What a wasm carries, by function and by crate: the size of each function's body in the code
// section, named from the wasm's "name" section. The names are there in what cargo builds
// (target/wasm32-unknown-unknown/<profile>/<bin>.wasm, before wasm-bindgen and wasm-opt strip
// them), so this measures the code before wasm-opt: the proportions, not the shipped bytes.
//
//   node scripts/wasm-top.mjs target/wasm32-unknown-unknown/release-app/embed.wasm [--top 40] [--crate piquet_ai] [--grep serde]
//   node scripts/wasm-top.mjs A.wasm --diff B.wasm      what B has more (or less) than A, by crate
//
// Each function is counted for the crate named first in its path: `<serde_json::Value as
// core::fmt::Display>::fmt` is serde_json's, `core::ptr::drop_in_place<piquet_table::x::Y>`
// core's (the monomorphised generics of the standard library are counted apart, as `core`,
// `alloc`, with the type they were made for in the name, which --grep finds).
import { readFileSync } from 'node:fs';

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

function name(bytes, at) {
  const [len, start] = leb(bytes, at);
  return [new TextDecoder().decode(bytes.subarray(start, start + len)), start + len];
}

/** { functions: [{ name, size }], sections: { name: size } } of a wasm file. */
export function read(path) {
  const bytes = readFileSync(path);
  if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error(`${path} is not a wasm file`);
  let at = 8;
  let imported = 0;
  const bodies = [];
  const names = new Map();
  const sections = {};
  const ids = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount'];
  while (at < bytes.length) {
    const id = bytes[at++];
    let size;
    [size, at] = leb(bytes, at);
    const end = at + size;
    let label = ids[id] || `section ${id}`;
    if (id === 0) {
      let custom;
      let p;
      [custom, p] = name(bytes, at);
      label = `custom "${custom}"`;
      if (custom === 'name') {
        while (p < end) {
          const sub = bytes[p++];
          let len;
          [len, p] = leb(bytes, p);
          const subEnd = p + len;
          if (sub === 1) {
            let count;
            [count, p] = leb(bytes, p);
            for (let i = 0; i < count; i++) {
              let index;
              let n;
              [index, p] = leb(bytes, p);
              [n, p] = name(bytes, p);
              names.set(index, n);
            }
          }
          p = subEnd;
        }
      }
    } else if (id === 2) {
      let count;
      let p;
      [count, p] = leb(bytes, at);
      for (let i = 0; i < count; i++) {
        [, p] = name(bytes, p);
        [, p] = name(bytes, p);
        const kind = bytes[p++];
        if (kind === 0) { [, p] = leb(bytes, p); imported++; }
        else if (kind === 1) { p++; const flags = bytes[p++]; [, p] = leb(bytes, p); if (flags & 1) [, p] = leb(bytes, p); }
        else if (kind === 2) { const flags = bytes[p++]; [, p] = leb(bytes, p); if (flags & 1) [, p] = leb(bytes, p); }
        else if (kind === 3) { p += 2; }
        else throw new Error(`import kind ${kind}`);
      }
    } else if (id === 10) {
      let count;
      let p;
      [count, p] = leb(bytes, at);
      for (let i = 0; i < count; i++) {
        let len;
        const start = p;
        [len, p] = leb(bytes, p);
        p += len;
        bodies.push(p - start);
      }
    }
    sections[label] = (sections[label] || 0) + size;
    at = end;
  }
  const functions = bodies.map((size, i) => ({ name: demangle(names.get(imported + i) || `function ${imported + i}`), size }));
  return { functions, sections, total: bytes.length };
}

/** A Rust symbol, demangled enough to read (legacy `_ZN…E` fully; v0 `_R…`: its identifiers). */
export function demangle(symbol) {
  if (symbol.startsWith('_ZN')) {
    const parts = [];
    let i = 3;
    while (i < symbol.length && symbol[i] !== 'E') {
      const m = symbol.slice(i).match(/^(\d+)/);
      if (!m) break;
      i += m[1].length;
      parts.push(symbol.slice(i, i + Number(m[1])));
      i += Number(m[1]);
    }
    if (parts.length && /^h[0-9a-f]{16}$/.test(parts.at(-1))) parts.pop();
    const escapes = { LT: '<', GT: '>', RF: '&', BP: '*', C: ',', SP: '@', LP: '(', RP: ')' };
    return parts.map((p) => p.replace(/^_\$/, '$').replace(/\$(LT|GT|RF|BP|C|SP|LP|RP)\$/g, (_, e) => escapes[e])
      .replace(/\$u([0-9a-f]+)\$/g, (_, h) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/\.\./g, '::')).join('::');
  }
  if (symbol.startsWith('_R')) {
    const ids = [];
    const re = /(?:C(?:s[0-9A-Za-z]*_)?|N[a-zA-Z]|^_R)(\d+)([A-Za-z_][A-Za-z0-9_]*)/g;
    let m;
    while ((m = re.exec(symbol))) ids.push(m[2].slice(0, Number(m[1])));
    // v0 paths nest innermost-first: the crate is the last identifier of the leading N…C chain.
    const crate = symbol.match(/C(?:s[0-9A-Za-z]*_)?(\d+)([A-Za-z_][A-Za-z0-9_]*)/);
    const head = crate ? crate[2].slice(0, Number(crate[1])) : '?';
    const rest = ids.filter((x) => x !== head);
    return [head, ...rest.reverse()].join('::');
  }
  return symbol;
}

/** The crate a function is counted for: the first path segment of its name. */
export function crateOf(fn) {
  const m = fn.replace(/^(<|&|mut |dyn |impl |\(|\[)+/g, '').match(/^([A-Za-z_][A-Za-z0-9_]*)(::|$| )/);
  return m ? m[1] : '?';
}

function byCrate(functions) {
  const out = new Map();
  for (const f of functions) {
    const c = crateOf(f.name);
    const e = out.get(c) || { bytes: 0, count: 0 };
    e.bytes += f.size;
    e.count++;
    out.set(c, e);
  }
  return out;
}

const args = process.argv.slice(2);
const option = (flag, fallback) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : fallback;
};
if (import.meta.url === `file://${process.argv[1]}` && args.length) {
  const file = args[0];
  const top = Number(option('--top', 30));
  const only = option('--crate');
  const grep = option('--grep');
  const diff = option('--diff');
  const a = read(file);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  if (diff) {
    const b = read(diff);
    const ca = byCrate(a.functions);
    const cb = byCrate(b.functions);
    const crates = [...new Set([...ca.keys(), ...cb.keys()])]
      .map((c) => [c, (cb.get(c)?.bytes || 0) - (ca.get(c)?.bytes || 0)])
      .filter(([, d]) => d !== 0)
      .sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]));
    console.log(`${file}: ${kb(a.total)}; ${diff}: ${kb(b.total)}; code ${kb(a.sections.code)} → ${kb(b.sections.code)}`);
    for (const [c, d] of crates.slice(0, top)) console.log(`${d > 0 ? '+' : ''}${kb(d).padStart(10)}  ${c}`);
  } else {
    let fns = a.functions;
    if (only) fns = fns.filter((f) => crateOf(f.name) === only);
    if (grep) fns = fns.filter((f) => f.name.includes(grep));
    console.log(`${file}: ${kb(a.total)}`);
    console.log('sections: ' + Object.entries(a.sections).sort((x, y) => y[1] - x[1]).map(([s, n]) => `${s} ${kb(n)}`).join(', '));
    if (!only && !grep) {
      console.log('\nby crate (code):');
      for (const [c, e] of [...byCrate(fns)].sort((x, y) => y[1].bytes - x[1].bytes).slice(0, top)) {
        console.log(`${kb(e.bytes).padStart(10)}  ${String(e.count).padStart(5)} fns  ${c}`);
      }
    } else {
      console.log(`${fns.length} functions, ${kb(fns.reduce((s, f) => s + f.size, 0))}`);
    }
    console.log('\nlargest functions:');
    for (const f of [...fns].sort((x, y) => y.size - x.size).slice(0, top)) {
      console.log(`${kb(f.size).padStart(10)}  ${f.name.slice(0, 160)}`);
    }
  }
}
