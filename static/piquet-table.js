// <piquet-table>: the Piquet table in any page, with one script tag (docs/embedding.md).
//
//   <script src="https://…/piquet/piquet-table.js"></script>
//   <piquet-table mode="replay" record="records/game.txt" lang="en" readonly></piquet-table>
//
// The element creates an iframe to embed.html, found beside this script (its URL is resolved
// against the script's own) or, for a copy of this script hosted elsewhere, in the folder its
// `base` attribute names (base="https://example.org/piquet/"), maps its attributes to embed.html's parameters, sizes itself from
// the table's `resize` messages (height="auto", the default; or a fixed height="480"), turns the table's messages into DOM events (piquet-ready,
// piquet-state, piquet-gameover, piquet-error, piquet-decision, piquet-deal-over,
// piquet-game-over, piquet-mode, piquet-daily; the message is in event.detail), and offers the methods
// load(record), goto(target), setLanguage(lang), next(), previous(), first(), last(), play(),
// pause(), getState() (a promise of the next state), newGame(options), setLevel(level) and
// setTheme(looks). font="inherit" (attribute or setTheme) passes the element's own computed
// font-family: a frame cannot inherit it from the page.
(() => {
  'use strict';
  if (customElements.get('piquet-table')) return;
  const script = document.currentScript;
  const BASE = new URL('embed.html', script ? script.src : window.location.href);
  // Attribute → parameter. Boolean attributes (readonly, storage) are on when present.
  const PARAMS = ['mode', 'rules', 'lang', 'record', 'autoplay', 'theme', 'size', 'level', 'seed', 'seat', 'id',
    'problem', 'bg', 'accent', 'font', 'back', 'show'];
  const FLAGS = ['readonly', 'storage'];
  const EVENTS = {
    ready: 'piquet-ready', state: 'piquet-state', gameover: 'piquet-gameover', error: 'piquet-error',
    decision: 'piquet-decision', dealOver: 'piquet-deal-over', gameOver: 'piquet-game-over', mode: 'piquet-mode',
    daily: 'piquet-daily',
  };

  class PiquetTable extends HTMLElement {
    static get observedAttributes() { return [...PARAMS, ...FLAGS, 'fragment', 'height', 'base']; }

    /** embed.html: beside this script, or in the folder `base` names (a self-hosted script). */
    get _embed() {
      const base = this.getAttribute('base');
      if (!base) return BASE;
      const folder = new URL(base, document.baseURI);
      if (!folder.pathname.endsWith('/') && !folder.pathname.endsWith('.html')) folder.pathname += '/';
      return folder.pathname.endsWith('.html') ? folder : new URL('embed.html', folder);
    }

    constructor() {
      super();
      this._frame = null;
      this._queue = [];
      this._ready = false;
      this._waiting = [];
      this._onMessage = (event) => this._receive(event);
    }

    connectedCallback() {
      if (!this.style.display) this.style.display = 'block';
      window.addEventListener('message', this._onMessage);
      this._render();
    }

    disconnectedCallback() {
      window.removeEventListener('message', this._onMessage);
    }

    attributeChangedCallback() {
      if (this._frame) this._render();
    }

    /** The URL of embed.html for the current attributes. */
    get src() {
      const url = new URL(this._embed);
      for (const name of PARAMS) {
        const value = this.getAttribute(name);
        if (value === null) continue;
        // A record's URL is resolved against the page that holds the element.
        url.searchParams.set(name, name === 'record' ? new URL(value, document.baseURI).href : this._font(name, value));
      }
      for (const name of FLAGS) if (this.hasAttribute(name)) url.searchParams.set(name, '1');
      if (this._auto) url.searchParams.set('height', 'auto');
      const fragment = this.getAttribute('fragment');
      if (fragment) url.hash = fragment.startsWith('#') ? fragment.slice(1) : fragment;
      return url.href;
    }

    /** `font="inherit"`: the font-family the element has from the page. */
    _font(name, value) {
      return name === 'font' && value.trim() === 'inherit' ? getComputedStyle(this).fontFamily : value;
    }

    /** Without a `height` (or with height="auto") the table asks for its height. */
    get _auto() {
      const height = this.getAttribute('height');
      return height === null || height.trim() === 'auto';
    }

    _render() {
      const src = this.src;
      if (!this._frame) {
        this._frame = document.createElement('iframe');
        this._frame.title = this.getAttribute('title') || 'Piquet';
        this._frame.style.cssText = 'display:block;width:100%;border:0;height:480px;';
        this._frame.setAttribute('allow', 'clipboard-write');
        this.replaceChildren(this._frame);
      }
      // A fixed height: a number of pixels or any CSS length; the table fills it.
      if (!this._auto) {
        const height = this.getAttribute('height').trim();
        this._frame.style.height = /^\d+(\.\d+)?$/.test(height) ? `${height}px` : height;
      }
      if (this._frame.src === src) return;
      this._ready = false;
      this._frame.src = src;
    }

    _receive(event) {
      if (!this._frame || event.source !== this._frame.contentWindow) return;
      const data = event.data;
      if (!data || typeof data !== 'object' || data.piquet !== 1) return;
      if (data.type === 'resize' && Number.isFinite(data.height) && this._auto) {
        this._frame.style.height = `${Math.ceil(data.height)}px`;
        return;
      }
      if (data.type === 'state') for (const resolve of this._waiting.splice(0)) resolve(data);
      if (data.type === 'ready') {
        this._ready = true;
        for (const message of this._queue.splice(0)) this._post(message);
      }
      const name = EVENTS[data.type];
      if (name) this.dispatchEvent(new CustomEvent(name, { detail: data, bubbles: true, composed: true }));
    }

    _post(message) {
      if (!this._frame || !this._frame.contentWindow) return;
      if (!this._ready) { this._queue.push(message); return; }
      this._frame.contentWindow.postMessage({ piquet: 1, ...message }, this._embed.origin);
    }

    /** Opens a record (text form, JSON text or a JSON object) in the viewer. */
    load(record) { this._post({ type: 'load', record }); }

    /** Goes to a position: a number (the index of `state`), or { deal, trick } / { deal, action }. */
    goto(target) {
      this._post(typeof target === 'number' ? { type: 'goto', index: target } : { type: 'goto', ...target });
    }

    /** 'fr' or 'en'. */
    setLanguage(lang) { this._post({ type: 'setLanguage', lang }); }

    /** The viewer: one step forward, one back, to the start, to the end. */
    next() { this._post({ type: 'next' }); }
    previous() { this._post({ type: 'previous' }); }
    first() { this._post({ type: 'first' }); }
    last() { this._post({ type: 'last' }); }

    /** The viewer's autoplay, on and off. */
    play() { this._post({ type: 'play' }); }
    pause() { this._post({ type: 'pause' }); }

    /** A promise of the table's state (the `state` message that answers `getState`). */
    getState() {
      return new Promise((resolve) => {
        this._waiting.push(resolve);
        this._post({ type: 'getState' });
      });
    }

    /** A game against the computer: { rules, level, seed, seat }, each optional. */
    newGame(options = {}) { this._post({ ...options, type: 'newGame' }); }

    /** The computer's level, 1 … 5, from its next decision on. */
    setLevel(level) { this._post({ type: 'setLevel', level }); }

    /** The looks: { theme, bg, accent, font, back, size }, each optional (font: 'inherit' too). */
    setTheme(looks = {}) {
      const message = { ...looks, type: 'setTheme' };
      if (typeof message.font === 'string') message.font = this._font('font', message.font);
      this._post(message);
    }
  }

  customElements.define('piquet-table', PiquetTable);
})();
