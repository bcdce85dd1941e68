// widget.html: one widget filling the page, its state in the URL fragment, and, when framed, a
// host it talks to with postMessage: it reports ready, changes, playback and its content height,
// and takes {type: 'attention-widget:set', scene, state}, {type: 'attention-widget:play'},
// {type: 'attention-widget:pause'} and {type: 'attention-widget:seek', seconds} messages.
//
// Whoever serves widget.html lists the parents it obeys in
// <meta name="attention-widget-allowed-origins" content="https://a.example ...">; the framing
// page cannot: it chooses the iframe's URL, so a hostile one would name itself. Empty or absent
// means any parent (the widget holds nothing secret). Listed: 'set' messages from other origins
// are ignored and ready/change/resize go only to an allowed parent (see SECURITY.md).
import { MAX_STATE, OPTIONS, isSceneName, mount, readOptions, warnUnknownOptions } from './widget.js';

// null: any origin may drive the framed widget; otherwise the listed origins (possibly none).
function allowedOrigins() {
  const meta = document.querySelector('meta[name="attention-widget-allowed-origins"]');
  const content = meta ? (meta.getAttribute('content') || '').trim() : '';
  if (!content) return null;
  const origins = [];
  for (const token of content.split(/\s+/)) {
    let url = null;
    try { url = new URL(token); } catch (error) { url = null; }
    // Only a bare origin: a path would suggest a finer check than the browser can make.
    if (url && (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' &&
        !url.search && !url.hash && !url.username && !url.password) {
      origins.push(url.origin);
    } else {
      console.warn(`Attention widget: attention-widget-allowed-origins: "${token.slice(0, 100)}" is not an origin ` +
                   'such as https://lessons.example.org; it allows nothing');
    }
  }
  return origins;
}

// The parent's origin as the browser reports it ('' when unknown): ancestorOrigins where it
// exists, else the referrer, which is the parent that set the iframe's src.
function parentOrigin() {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length) return { origin: ancestors[0], certain: true };
  try {
    return { origin: document.referrer ? new URL(document.referrer).origin : '', certain: false };
  } catch (error) {
    return { origin: '', certain: false };
  }
}

// The targetOrigins for messages to the parent. The browser delivers a message only when its
// targetOrigin is the parent's, so posting to each allowed origin when the parent is unknown
// leaks nothing; a known parent avoids Chromium's console error for a mismatched target.
function parentTargets(allowed) {
  if (allowed === null) return ['*'];
  const parent = parentOrigin();
  if (allowed.indexOf(parent.origin) >= 0) return [parent.origin];
  return parent.certain ? [] : allowed.slice();
}

// {scene, state} of a well-formed set message, or null. Exactly a plain object with `type` and at
// least one of `scene` (a scene's name) and `state` (a string the decoder takes); any other key
// (__proto__ and constructor included) or a bad field refuses the whole message. Read once the
// widget runs, when the scene names are known.
function readSetMessage(data) {
  if (Object.getPrototypeOf(data) !== Object.prototype) return null;
  const keys = Object.getOwnPropertyNames(data);
  const known = ['type', 'scene', 'state'];
  if (keys.some((key) => known.indexOf(key) < 0)) return null;
  const hasScene = keys.indexOf('scene') >= 0;
  const hasState = keys.indexOf('state') >= 0;
  if (!hasScene && !hasState) return null;
  if (hasScene && !isSceneName(data.scene)) return null;
  if (hasState && (typeof data.state !== 'string' || data.state.length > MAX_STATE)) return null;
  return { scene: hasScene ? data.scene : null, state: hasState ? data.state : null };
}

// The lesson player's messages: play and pause carry nothing else, seek a finite number of seconds.
const PLAYER_MESSAGES = ['attention-widget:play', 'attention-widget:pause', 'attention-widget:seek'];
// The seconds of a well-formed player message (0 for play and pause), or null.
function readPlayerMessage(data) {
  if (Object.getPrototypeOf(data) !== Object.prototype) return null;
  const keys = Object.getOwnPropertyNames(data);
  if (data.type !== 'attention-widget:seek') return keys.length === 1 ? 0 : null;
  if (keys.length !== 2 || keys.indexOf('seconds') < 0) return null;
  return typeof data.seconds === 'number' && Number.isFinite(data.seconds) ? data.seconds : null;
}

export function mountPage(main) {
  const params = new URLSearchParams(window.location.search);
  const framed = window.parent !== window;
  // The embed options as URL parameters (?scene=mask&scenes=mask,quiz&chrome=none), and
  // narration; the state is the fragment, not a parameter.
  const names = [...OPTIONS.filter((name) => name !== 'state'), 'narration'];
  warnUnknownOptions(Array.from(new Set(params.keys())), 'URL parameter', names);
  const options = readOptions((name) => (name === 'state' ? null : params.get(name)));
  const theme = params.get('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  let fragment = '';
  try {
    fragment = decodeURIComponent(window.location.hash.slice(1));
  } catch (error) {
    console.warn('Attention widget: ignoring the widget state in the link: it is not valid percent-encoding');
  }
  const allowed = allowedOrigins();
  const targets = framed ? parentTargets(allowed) : [];
  const post = (message) => {
    for (const target of targets) window.parent.postMessage(message, target);
  };
  const warned = {};
  function ignore(why) {
    if (warned[why]) return;
    warned[why] = true;
    console.warn(`Attention widget: ignoring ${why} (further ones are ignored silently)`);
  }
  const handle = mount(main, {
    ...options, height: 0, start: undefined, state: fragment, fillPage: true,
    onChange(state, description, progress) {
      if (!framed) history.replaceState(null, '', location.pathname + location.search + (state ? `#${state}` : ''));
      post({ type: 'attention-widget:change', state, description, progress });
    },
    onHeight: (height) => post({ type: 'attention-widget:resize', height: Math.ceil(height) }),
    onPlayback: (detail) => post({ type: 'attention-widget:playback', ...detail }),
    onPrediction: (detail) => post({ type: 'attention-widget:prediction', ...detail }),
  });
  main.addEventListener('attention-widget-ready', () => post({ type: 'attention-widget:ready' }));
  main.addEventListener('attention-widget-error', (event) => post({ type: 'attention-widget:error', ...event.detail }));
  main.addEventListener('attention-widget-picture', (event) => post({ type: 'attention-widget:picture', ...event.detail }));
  window.addEventListener('message', (event) => {
    const data = event.data;
    // Other scripts' messages pass silently; only what claims to be ours is worth a warning.
    const ours = data !== null && typeof data === 'object' && typeof data.type === 'string' &&
                 data.type.lastIndexOf('attention-widget:', 0) === 0;
    if (!framed || event.source !== window.parent) {
      if (ours) ignore('a message from a window other than the one framing the widget');
      return;
    }
    if (allowed !== null && allowed.indexOf(event.origin) < 0) {
      if (ours) ignore(`messages from ${event.origin}: it is not in attention-widget-allowed-origins`);
      return;
    }
    if (ours && PLAYER_MESSAGES.indexOf(data.type) >= 0) {
      handle.whenReady(() => {
        const seconds = readPlayerMessage(data);
        if (seconds === null) {
          ignore("a malformed player message: play and pause take only type, seek also seconds (a number)");
        } else if (data.type === 'attention-widget:play') {
          handle.play();
        } else if (data.type === 'attention-widget:pause') {
          handle.pause();
        } else {
          handle.seek(seconds);
        }
      });
      return;
    }
    if (!ours || data.type !== 'attention-widget:set') return;
    handle.whenReady(() => {
      const message = readSetMessage(data);
      if (!message) {
        ignore("a malformed message: expected {type: 'attention-widget:set', scene, state}");
        return;
      }
      if (message.scene !== null) handle.setScene(message.scene);
      if (message.state !== null) handle.apply(message.state);
    });
  });
}
