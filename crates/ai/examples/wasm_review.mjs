// Times the review of whole deals in wasm32 under Node (see wasm_review.rs).
// node crates/ai/examples/wasm_review.mjs <wasm> [deals] [preset] [seats: 0 A, 1 B, 2 both]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const [wasmPath, deals = "20", preset = "0", seats = "0"] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const { prepare, review } = instance.exports;
const times = [];
let decisions = 0;
for (let g = 0; g < Number(deals); g++) {
  if (prepare(2000 + g, Number(preset)) < 0) throw new Error("bad deal");
  const t0 = performance.now();
  const n = review(Number(seats));
  const dt = performance.now() - t0;
  if (n < 0) throw new Error("review failed");
  decisions += n;
  times.push(dt);
}
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.round((times.length - 1) * p))];
console.log(JSON.stringify({
  preset: Number(preset), seats: ["A", "B", "both"][Number(seats)] ?? "both", deals: times.length,
  decisions_per_deal: +(decisions / times.length).toFixed(1),
  median_s: +(q(0.5) / 1000).toFixed(2), p95_s: +(q(0.95) / 1000).toFixed(2),
  max_s: +(times[times.length - 1] / 1000).toFixed(2),
}));
