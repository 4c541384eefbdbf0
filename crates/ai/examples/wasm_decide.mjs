// Times the bots' decisions in wasm32 under Node (see wasm_decide.rs).
// node crates/ai/examples/wasm_decide.mjs <wasm> [games] [preset] [level]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const [wasmPath, games = "1", preset = "0", level = "5"] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const { start, step } = instance.exports;
const times = [];
let other = 0;
for (let g = 0; g < Number(games); g++) {
  if (start(1000 + g, Number(preset), Number(level)) !== 0) throw new Error("bad start");
  for (;;) {
    const t0 = performance.now();
    const r = step();
    const dt = performance.now() - t0;
    if (r === -1) break;
    if (r === -2) throw new Error("decision failed");
    if (r === 1) times.push(dt); else other++;
  }
}
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.round((times.length - 1) * p))];
console.log(JSON.stringify({
  preset: Number(preset), level: Number(level), games: Number(games),
  decisions: times.length, heuristic_decisions: other,
  median_ms: +q(0.5).toFixed(2), p95_ms: +q(0.95).toFixed(2), max_ms: +times[times.length - 1].toFixed(2),
  mean_ms: +(times.reduce((a, b) => a + b, 0) / times.length).toFixed(2),
}));
