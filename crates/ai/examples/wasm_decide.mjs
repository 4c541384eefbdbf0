// Times the bots' decisions in wasm32 under Node (see wasm_decide.rs).
// node crates/ai/examples/wasm_decide.mjs <wasm> [games] [preset] [level]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const [wasmPath, games = "1", preset = "0", level = "5"] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const { start, step } = instance.exports;
// The kinds step() returns for the level's decisions (wasm_decide.rs).
const KINDS = { 1: "exchange", 2: "declare", 3: "play", 4: "other" };
const times = [];
const byKind = {};
let other = 0;
for (let g = 0; g < Number(games); g++) {
  if (start(1000 + g, Number(preset), Number(level)) !== 0) throw new Error("bad start");
  for (;;) {
    const t0 = performance.now();
    const r = step();
    const dt = performance.now() - t0;
    if (r === -1) break;
    if (r < 0 || (r > 0 && !KINDS[r])) throw new Error(`decision failed (${r})`);
    if (r === 0) { other++; continue; }
    times.push(dt);
    (byKind[KINDS[r]] ??= []).push(dt);
  }
}
const summary = (ts) => {
  ts.sort((a, b) => a - b);
  const q = (p) => ts[Math.min(ts.length - 1, Math.round((ts.length - 1) * p))];
  return {
    decisions: ts.length,
    median_ms: +q(0.5).toFixed(2), p95_ms: +q(0.95).toFixed(2), max_ms: +ts[ts.length - 1].toFixed(2),
    mean_ms: +(ts.reduce((a, b) => a + b, 0) / ts.length).toFixed(2),
  };
};
const kinds = Object.fromEntries(Object.entries(byKind).map(([k, ts]) => [k, summary(ts)]));
console.log(JSON.stringify({
  preset: Number(preset), level: Number(level), games: Number(games),
  ...summary(times), heuristic_decisions: other, by_kind: kinds,
}));
