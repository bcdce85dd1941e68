// The widget loader, used three ways:
//  1. widget.html (a page of its own, or inside an author's <iframe>) mounts one widget that
//     fills the page; inside an iframe it reports its content height and changes to the host
//     with postMessage and takes {type: 'attention-widget:set', scene, state} messages.
//  2. A script-tag embed: <script src=".../embed.js" defer></script> mounts a widget into every
//     <div data-attention-widget data-scene="mask" data-theme="dark" data-state="..."> of the
//     host page. What the div held before (a static figure) stays if the widget cannot start.
//  3. Authors' API: AttentionWidget.get(div).setScene('mask') / .setState('scene=mask&causal=1');
//     div.addEventListener('attention-widget-change', (e) => e.detail.state, e.detail.description).
// Nothing from the URL, a message or the widget is ever inserted as HTML: text only.
(function () {
  'use strict';
  var SCENES = ['compare', 'combine', 'mask', 'caveats', 'walkthrough', 'quiz'];
  var MAX_STATE = 4096;
  var script = document.currentScript;
  var base = new URL('.', script && script.src ? script.src : window.location.href);
  var mounted = new WeakMap();  // div -> widget handle

  function loadRuntime() {
    if (typeof window.createAttentionWidget === 'function') return Promise.resolve();
    if (loadRuntime.promise) return loadRuntime.promise;
    loadRuntime.promise = new Promise(function (resolve, reject) {
      var tag = document.createElement('script');
      tag.src = new URL('attention_widget.js', base).href;
      tag.onload = function () { resolve(); };
      tag.onerror = function () { reject(new Error('attention_widget.js did not load')); };
      document.head.appendChild(tag);
    });
    return loadRuntime.promise;
  }

  // Lesson text is optional: from file:// or without the folder, the built-in words show.
  function loadLessonText() {
    if (loadLessonText.promise) return loadLessonText.promise;
    var offline = window.location.protocol === 'file:' || typeof fetch !== 'function';
    loadLessonText.promise = offline ? Promise.resolve({}) :
      fetch(new URL('lesson/files.json', base))
        .then(function (r) { return r.ok ? r.json() : []; })
        .then(function (names) {
          var text = {};
          return Promise.all(names.filter(function (n) { return /^[a-z0-9_]+\.txt$/.test(n); }).map(function (name) {
            return fetch(new URL('lesson/' + name, base))
              .then(function (r) { return r.ok ? r.text() : null; })
              .then(function (body) { if (body !== null) text[name] = body; });
          })).then(function () { return text; });
        })
        .catch(function () { return {}; });
    return loadLessonText.promise;
  }

  function element(tag, className, parent) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (parent) parent.appendChild(node);
    return node;
  }

  // Styles set through the CSSOM, so host pages need no stylesheet and a strict CSP still holds.
  function style(node, rules) { Object.keys(rules).forEach(function (k) { node.style[k] = rules[k]; }); }
  var HIDDEN = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: '0', overflow: 'hidden',
                 clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: '0' };

  function renderTable(table, data) {
    table.caption.textContent = data.caption || '';
    var head = table.tHead.rows[0];
    head.replaceChildren();
    (data.columns || []).forEach(function (text) {
      var th = element('th', '', head);
      th.scope = 'col';
      th.textContent = String(text);
    });
    var body = table.tBodies[0];
    body.replaceChildren();
    (data.rows || []).forEach(function (row) {
      var tr = element('tr', '', body);
      row.forEach(function (text) { element('td', '', tr).textContent = String(text); });
    });
  }

  // Mounts a live widget into `div`. options: {scene, theme, state, fillPage, onChange, onHeight}.
  function mount(div, options) {
    if (mounted.has(div)) return mounted.get(div);
    options = options || {};
    var fallbackNodes = Array.prototype.slice.call(div.childNodes);
    var handle = { ready: false, module: null, pending: [] };
    mounted.set(div, handle);

    var probe = document.createElement('canvas').getContext('webgl2');
    if (!probe) { console.warn('Attention widget not started: WebGL 2 is not available'); return handle; }

    var stage = element('div', 'attn-stage');
    style(stage, { position: 'relative', width: '100%', height: '100%', overflow: 'hidden' });
    var canvas = element('canvas', 'attn-canvas', stage);
    style(canvas, { display: 'block', width: '100%', height: '100%', touchAction: 'none' });
    canvas.tabIndex = 0;
    var sceneName = SCENES.indexOf(options.scene) >= 0 ? options.scene : 'compare';
    canvas.setAttribute('aria-label', 'Interactive attention widget, ' + sceneName +
                        ' scene. Its current numbers are described after it.');
    // A plain div, not a landmark: a page may hold several widgets.
    var mirror = element('div', 'attn-sr-only');
    style(mirror, HIDDEN);
    var live = element('p', '', mirror);
    live.setAttribute('aria-live', 'polite');
    var table = element('table', '', mirror);
    table.createCaption();
    table.createTHead().insertRow();
    table.createTBody();
    live.id = 'attn-live-' + Math.random().toString(36).slice(2);
    canvas.setAttribute('aria-describedby', live.id);
    if (!options.fillPage) stage.style.height = (options.height || 560) + 'px';

    var args = [];
    if (SCENES.indexOf(options.scene) >= 0) args.push('--scene', options.scene);
    if (options.theme === 'light' || options.theme === 'dark') args.push('--theme', options.theme);
    if (typeof options.state === 'string' && options.state) args.push('--state', options.state.slice(0, MAX_STATE));

    Promise.all([loadRuntime(), loadLessonText()]).then(function (loaded) {
      fallbackNodes.forEach(function (node) { if (node.parentNode === div) div.removeChild(node); });
      div.appendChild(stage);
      div.appendChild(mirror);
      return window.createAttentionWidget({
        canvas: canvas,
        arguments: args,
        lessonText: loaded[1],
        locateFile: function (path) { return new URL(path, base).href; },
        widgetPageUrl: options.fillPage ? window.location.href.split('#')[0] : new URL('widget.html', base).href,
        onWidgetChange: function (state, description, tableData) {
          live.textContent = description;
          renderTable(table, tableData || {});
          if (options.onChange) options.onChange(state, description);
          div.dispatchEvent(new CustomEvent('attention-widget-change', { detail: { state: state, description: description } }));
        },
        onContentHeight: function (height) {
          if (!options.fillPage) stage.style.height = Math.max(320, Math.ceil(height)) + 'px';
          if (options.onHeight) options.onHeight(height);
        },
        print: function (text) { console.log(text); },
        printErr: function (text) { console.warn(text); },
      });
    }).then(function (module) {
      handle.module = module;
      handle.ready = true;
      handle.pending.forEach(apply);
      handle.pending = [];
      div.dispatchEvent(new CustomEvent('attention-widget-ready'));
      console.info('Attention widget ready: ' + (options.scene || 'default scene'));
    }).catch(function (error) {
      console.warn('Attention widget not started: ' + error);
      stage.remove();
      mirror.remove();
      fallbackNodes.forEach(function (node) { if (node.parentNode !== div) div.appendChild(node); });
    });

    function apply(state) {
      handle.module.ccall('attn_apply_state', 'number', ['string'], [state.slice(0, MAX_STATE)]);
    }
    handle.apply = function (state) {
      if (handle.ready) apply(state); else handle.pending.push(state);
    };
    handle.setScene = function (scene) {
      if (handle.ready) handle.module.ccall('attn_set_scene', 'number', ['string'], [scene]);
    };
    return handle;
  }

  function api(div) {
    var handle = mounted.get(div);
    return {
      setScene: function (scene) { if (handle && SCENES.indexOf(scene) >= 0) handle.setScene(scene); },
      setState: function (state) { if (handle && typeof state === 'string') handle.apply(state); },
    };
  }

  function mountAll(root) {
    Array.prototype.forEach.call((root || document).querySelectorAll('div[data-attention-widget]'), function (div) {
      mount(div, { scene: div.dataset.scene, theme: div.dataset.theme, state: div.dataset.state,
                   height: Number(div.dataset.height) || 0 });
    });
  }

  // widget.html: one widget filling the page, its state in the URL fragment, a host if framed.
  function mountPage(main) {
    var params = new URLSearchParams(window.location.search);
    var framed = window.parent !== window;
    var theme = params.get('theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
    var fragment = '';
    try {
      fragment = decodeURIComponent(window.location.hash.slice(1));
    } catch (error) {
      console.warn('Attention widget: ignoring the widget state in the link: it is not valid percent-encoding');
    }
    function post(message) { if (framed) window.parent.postMessage(message, '*'); }
    var handle = mount(main, {
      scene: params.get('scene'), theme: theme, state: fragment, fillPage: true,
      onChange: function (state, description) {
        if (!framed) history.replaceState(null, '', location.pathname + location.search + (state ? '#' + state : ''));
        post({ type: 'attention-widget:change', state: state, description: description });
      },
      onHeight: function (height) { post({ type: 'attention-widget:resize', height: Math.ceil(height) }); },
    });
    main.addEventListener('attention-widget-ready', function () { post({ type: 'attention-widget:ready' }); });
    window.addEventListener('message', function (event) {
      var data = event.data;
      if (event.source !== window.parent || !data || typeof data !== 'object') return;
      if (data.type !== 'attention-widget:set') return;
      if (typeof data.scene === 'string' && SCENES.indexOf(data.scene) >= 0) handle.setScene(data.scene);
      if (typeof data.state === 'string') handle.apply(data.state);
    });
  }

  // Authors' <iframe data-attention-widget-frame src=".../widget.html?..."> follow their content's
  // height. Only messages from those frames, from the frame's own origin, of the right shape count.
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object' || data.type !== 'attention-widget:resize') return;
    var height = Number(data.height);
    if (!isFinite(height) || height < 200 || height > 5000) return;
    Array.prototype.forEach.call(document.querySelectorAll('iframe[data-attention-widget-frame]'), function (frame) {
      var origin;
      try { origin = new URL(frame.src, window.location.href).origin; } catch (error) { return; }
      if (frame.contentWindow === event.source && event.origin === origin) frame.style.height = Math.ceil(height) + 'px';
    });
  });

  window.AttentionWidget = { mount: mount, mountAll: mountAll, get: api };
  function start() {
    var page = document.querySelector('main[data-attention-widget-page]');
    if (page) mountPage(page); else mountAll();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
