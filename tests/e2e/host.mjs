// A host page of another origin than the app, for the embedded table's tests (embed-host,
// embed-light): two servers on 127.0.0.1, two ports; the host logs every message of its
// frames and sends them messages.
import { createServer } from 'node:http';

/** A host page on its own origin: `tables` is a list of [id, embed.html query]. */
export async function serveHost() {
  let app = '';
  const pages = new Map();
  const policies = new Map();
  const server = createServer((req, res) => {
    const body = pages.get(new URL(req.url, 'http://x').pathname);
    if (!body) { res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end(); return; }
    const path = new URL(req.url, 'http://x').pathname;
    const csp = policies.get(path);
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache',
      ...(csp ? { 'content-security-policy': csp } : {}),
    }).end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    url,
    setApp(u) { app = u; },
    page(name, tables, { background = '#ffffff', height = 700, width = '100%', csp = null, sandbox = null, extra = '' } = {}) {
      if (csp) policies.set(`/${name}`, csp);
      const frames = tables.map(([id, query]) =>
        `<iframe id="${id}" src="${app}embed.html?${query}" title="Piquet ${id}" style="width:${typeof width === 'number' ? `${width}px` : width};height:${height}px;border:0;display:block"${sandbox ? ` sandbox="${sandbox}"` : ''}></iframe>`).join('\n');
      pages.set(`/${name}`, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head>
<body style="margin:0;background:${background}">
<input id="box" autofocus aria-label="Notes">
<div style="height:2400px">Text above the fold.</div>
${frames}
${extra}
<script nonce="host">
  window.hostLog = [];
  window.addEventListener('message', (event) => {
    const frame = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === event.source);
    if (!frame || event.data?.piquet !== 1) return;
    window.hostLog.push({ from: frame.id, ...event.data });
  });
  window.send = (id, message) => {
    const frame = document.getElementById(id);
    frame.contentWindow.postMessage({ piquet: 1, ...message }, new URL(frame.src).origin);
  };
</script>
</body></html>`);
      return `${url}${name}`;
    },
    close: () => new Promise((ok) => server.close(ok)),
  };
}

/** Waits for a message from table `from` of `type` that `predicate` (a JS expression of m) accepts. */
export async function message(page, from, type, predicate = 'true') {
  const handle = await page.waitForFunction(
    ([f, t, p]) => window.hostLog.find((m) => m.from === f && m.type === t && new Function('m', `return ${p};`)(m)),
    [from, type, predicate], { timeout: 30_000 },
  );
  return handle.jsonValue();
}

export const since = (page) => page.evaluate(() => { window.hostLog.length = 0; });
export const send = (page, id, m) => page.evaluate(([i, msg]) => window.send(i, msg), [id, m]);
export const untouched = (page) => page.evaluate(() => ({ active: document.activeElement?.id, y: window.scrollY }));

