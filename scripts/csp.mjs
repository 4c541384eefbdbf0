// The Content-Security-Policy of index.html and embed.html, written by the post-build hook as a
// <meta http-equiv> (docs/embedding.md says which headers a host should add on top of it).
//
// Scripts run only from the app's own origin, plus the inline loader Trunk writes, allowed by
// the sha256 of its exact text; 'wasm-unsafe-eval' lets that loader compile the wasm (and
// nothing else: eval and new Function stay refused). Yew applies a `style` attribute with
// setAttribute (the hand's `--i` custom property, src/components/hand.rs), which CSP treats as
// an inline style: hence style-src-attr 'unsafe-inline', while style sheets come only from
// 'self' and no <style> element is allowed.
import { createHash } from 'node:crypto';

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The policy for a page whose inline scripts are `inline` (their texts). */
export function policy(inline, { connect }) {
  return [
    "default-src 'self'",
    `script-src 'self' ${inline.map(sha256).join(' ')} 'wasm-unsafe-eval'`.replace(/ {2,}/g, ' '),
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self'",
    `connect-src ${connect}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * `html` with its Content-Security-Policy meta element, first in <head> (a policy in a meta
 * element governs only what comes after it). `connect` is the connect-src source list.
 * Throws when the page has something the policy would block: an inline event handler.
 * Pages served by `trunk serve` (live reload) are returned as they are.
 */
export function withCsp(html, { connect }) {
  // `trunk serve` (./x serve) adds a live-reload script whose address it fills in as it serves
  // the page: no hash can allow it, so the development server's pages go without a policy.
  if (/__TRUNK_(ADDRESS|WS_BASE)__/.test(html)) {
    console.log('csp.mjs: live reload (trunk serve): no Content-Security-Policy on this build');
    return html;
  }
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc\s*=/i.test(attrs))
    .map(([, , body]) => body);
  const handler = html.match(/<[a-z][^>]*\son[a-z]+\s*=/i);
  if (handler) throw new Error(`an inline event handler would be blocked by the policy: ${handler[0]}`);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy(inline, { connect })}">`;
  const cleaned = html.replace(/<meta http-equiv="?Content-Security-Policy"?[^>]*>/i, '');
  // Trunk's release build minifies the page: `<meta charset=utf-8>`, attributes unquoted.
  const charset = /<meta charset=["']?[\w-]+["']?\s*\/?>/i;
  if (!charset.test(cleaned)) throw new Error('the page has no <meta charset> to put the policy after');
  return cleaned.replace(charset, (m) => `${m}${meta}`);
}
