// The widget loader, used three ways:
//  1. widget.html (a page of its own, or inside an author's <iframe>) mounts one widget that
//     fills the page; inside an iframe it reports its content height and changes to the host
//     with postMessage and takes {type: 'attention-widget:set', scene, state} messages.
//  2. A script-tag embed: <script src=".../embed.js" defer></script> mounts a widget into every
//     <div data-attention-widget data-scene="mask" data-theme="dark" data-state="..."> of the
//     host page. What the div held before (a static figure) stays if the widget cannot start.
//  3. Authors' API: AttentionWidget.get(div).setScene('mask') / .setState('scene=mask&mask.causal=1');
//     div.addEventListener('attention-widget-change', (e) => e.detail.state, e.detail.description).
// Nothing from the URL, a message or the widget is ever inserted as HTML: text only (textContent,
// attributes, the CSSOM). A state is handed to the widget's own decoder, which refuses anything
// malformed as a whole; a state longer than the decoder takes is refused here, never cut.
//
// What crosses an origin, and who decides whom to trust (see SECURITY.md):
//  - A framed widget.html talks to its parent. Whoever serves widget.html lists the parents it
//    obeys in <meta name="attention-widget-allowed-origins" content="https://a.example ...">;
//    the framing page cannot: it chooses the iframe's URL, so a hostile one would name itself.
//    Empty or absent means any parent (the widget holds nothing secret). Listed: 'set' messages
//    from other origins are ignored and ready/change/resize go only to an allowed parent.
//  - A script-tag embed runs inside the host page, so only the host's own iframes' resize
//    messages cross an origin; they count only from each frame's window and its src's origin.
//    The host's markup already says whom to trust: no separate setting.
(function () {
  'use strict';
  var SCENES = ['compare', 'combine', 'mask', 'caveats', 'walkthrough', 'quiz'];
  var MAX_STATE = 4096;  // lesson::kStateFragmentMaxLength
  var NO_WEBGL = 'WebGL 2 is not available';
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

  // The wasm is fetched and compiled once, as soon as the first widget mounts, while the lesson
  // text loads; every widget on the page instantiates that one module. The one-file offline lesson
  // has the wasm inlined in the runtime (it says so with attentionWidgetSingleFile) and lets the
  // runtime instantiate it.
  function compiledWasm() {
    if (window.attentionWidgetSingleFile || window.location.protocol === 'file:' ||
        typeof fetch !== 'function' || typeof WebAssembly !== 'object' || !WebAssembly.compileStreaming) {
      return null;
    }
    if (!compiledWasm.promise) {
      compiledWasm.promise = WebAssembly.compileStreaming(
        fetch(new URL('attention_widget.wasm', base).href, { credentials: 'same-origin' }));
    }
    return compiledWasm.promise;
  }

  // The widget's words come only from the lesson text files beside it (lesson/files.json lists
  // them), which authors edit without a compiler; the one-file offline lesson carries them inline
  // as window.attentionLessonText. Without them the widget is not started (see mount()).
  function textError(why) {
    var error = new Error("its words (lesson/*.txt) could not be loaded: " + why);
    error.lessonText = true;
    return error;
  }
  function loadLessonText(started) {
    if (loadLessonText.promise) return loadLessonText.promise;
    var inline = window.attentionLessonText;
    if (inline && typeof inline === 'object') {
      loadLessonText.promise = Promise.resolve(inline);
    } else if (started) {
      loadLessonText.promise = started.then(null, function (error) { throw textError(error.message); });
    } else if (window.location.protocol === 'file:' || typeof fetch !== 'function') {
      loadLessonText.promise = Promise.reject(textError('a page opened from file:// cannot read files beside it'));
    } else {
      var fetchText = function (name, read) {
        return fetch(new URL('lesson/' + name, base)).then(function (r) {
          if (!r.ok) throw textError('lesson/' + name + ': HTTP ' + r.status);
          return read(r).catch(function (error) { throw textError('lesson/' + name + ': ' + error.message); });
        }, function (error) { throw textError('lesson/' + name + ': ' + error.message); });
      };
      loadLessonText.promise = fetchText('files.json', function (r) { return r.json(); }).then(function (names) {
        if (!Array.isArray(names)) throw textError('lesson/files.json is not a list of file names');
        var text = {};
        return Promise.all(names.filter(function (n) { return /^[a-z0-9_]+\.txt$/.test(n); }).map(function (name) {
          return fetchText(name, function (r) { return r.text(); }).then(function (body) { text[name] = body; });
        })).then(function () { return text; });
      });
    }
    // Handled by each mount().
    loadLessonText.promise.catch(function () {});
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
    var handle = { ready: false, published: false, module: null, pending: [] };
    mounted.set(div, handle);

    // widget.html's inline start script (web/widget-start.js) may have begun the wasm compile and
    // the lesson words' downloads already; they are for the page's one widget.
    var started = options.fillPage && window.attentionWidgetStart;
    window.attentionWidgetStart = null;
    if (typeof WebGL2RenderingContext !== 'function') {
      console.warn('Attention widget not started: ' + NO_WEBGL);
      showPageText();
      return handle;
    }
    var wasm = started && started.wasm ? started.wasm : compiledWasm();
    var text = loadLessonText(started && started.text);
    var stage = element('div', 'attn-stage');
    style(stage, { position: 'relative', width: '100%', height: '100%', overflow: 'hidden' });
    var canvas = element('canvas', 'attn-canvas', stage);
    style(canvas, { display: 'block', width: '100%', height: '100%', touchAction: 'none' });
    canvas.tabIndex = 0;
    var sceneName = SCENES.indexOf(options.scene) >= 0 ? options.scene : 'compare';
    canvas.setAttribute('aria-label', 'Interactive attention widget, ' + sceneName +
                        ' scene. Its current numbers are described after it. Escape, then Tab, leaves it.');
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
    if (usableState(options.state) && options.state) args.push('--state', options.state);

    Promise.all([loadRuntime(), text, wasm]).then(function (loaded) {
      var compiled = loaded[2];
      // The WebGL 2 context is made only now, with everything else in: making it blocks the page
      // for a while, and downloads that arrive meanwhile wait unread. The backing store first
      // gets the size the widget will draw at (resizing it later makes the browser allocate it
      // again); a page of its own fills the window, an embed is as wide as its element (the widget
      // corrects any guess). The runtime's window asks for these same attributes and gets this
      // context back.
      var ratio = window.devicePixelRatio || 1;
      canvas.width = Math.max(1, Math.round((options.fillPage ? window.innerWidth : div.clientWidth) * ratio));
      canvas.height = Math.max(1, Math.round((options.fillPage ? window.innerHeight : (options.height || 560)) * ratio));
      if (!canvas.getContext('webgl2', { alpha: false, depth: false, stencil: false, antialias: false })) {
        throw new Error(NO_WEBGL);
      }
      fallbackNodes.forEach(function (node) { if (node.parentNode === div) div.removeChild(node); });
      div.appendChild(stage);
      div.appendChild(mirror);
      return window.createAttentionWidget({
        canvas: canvas,
        arguments: args,
        lessonText: loaded[1],
        locateFile: function (path) { return new URL(path, base).href; },
        instantiateWasm: compiled ? function (imports, done) {
          WebAssembly.instantiate(compiled, imports).then(function (instance) { done(instance, compiled); },
            function (error) { console.warn('Attention widget not started: ' + error); });
          return {};
        } : undefined,
        widgetPageUrl: options.fillPage ? window.location.href.split('#')[0] : new URL('widget.html', base).href,
        onWidgetChange: function (state, description, tableData) {
          // The first call comes from the first frame: the page's text shows in the task after it,
          // so the widget's first frame is on screen before the browser lays out any text.
          if (options.fillPage && !handle.published) setTimeout(showPageText, 0);
          handle.published = true;
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
        printErr: function (text) {
          // A malformed line of a lesson file ("warning: lesson/lesson.txt:12: ... (nothing from
          // section [mask] is used)"): there is no built-in copy on the web, so that section's
          // words show as [key] until it is fixed.
          var bad = /^warning: (lesson\/[^:]+:\d+: .*)$/.exec(text);
          console.warn(bad ? 'Attention widget: ' + bad[1] + ' (its words show as [key] until it is fixed)' : text);
        },
      });
    }).then(function (module) {
      handle.module = module;
      handle.ready = true;
      handle.pending.forEach(apply);
      handle.pending = [];
      div.dispatchEvent(new CustomEvent('attention-widget-ready'));
      console.info('Attention widget ready: ' + sceneName + ' scene');
    }).catch(function (error) {
      console.warn('Attention widget not started: ' + (error instanceof Error ? error.message : error));
      showPageText();
      stage.remove();
      mirror.remove();
      fallbackNodes.forEach(function (node) { if (node.parentNode !== div) div.appendChild(node); });
      // Without its words the widget would show only [key] placeholders: the author's fallback
      // stays, with a note saying why.
      if (error && error.lessonText) {
        var note = element('p', 'attn-note', div);
        note.setAttribute('role', 'note');
        style(note, { margin: options.fillPage ? '1rem' : '0.5em 0', fontSize: '0.9em' });
        note.textContent = "The widget's words (lesson/*.txt beside the widget) could not be loaded, so it was " +
                           'not started. Open attention-lesson-offline.html to use the lesson without a server.';
      }
    });

    function apply(state) {
      handle.module.ccall('attn_apply_state', 'number', ['string'], [state]);
    }
    handle.apply = function (state) {
      if (!usableState(state)) return;
      if (handle.ready) apply(state); else handle.pending.push(state);
    };
    handle.setScene = function (scene) {
      if (handle.ready && SCENES.indexOf(scene) >= 0) handle.module.ccall('attn_set_scene', 'number', ['string'], [scene]);
    };
    return handle;
  }

  // widget.html's start script hides the page's own text while the widget starts (class
  // attn-starting, widget.css): laying out the first text is slow on a fresh page, and it
  // would come before the widget's first frame. Shown again after that frame, or at once when the
  // widget cannot start (the fallback text then stays).
  function showPageText() {
    document.documentElement.classList.remove('attn-starting');
  }

  function usableState(state) {
    if (typeof state !== 'string') return false;
    if (state.length <= MAX_STATE) return true;
    console.warn('Attention widget: ignoring the widget state in the link: it is longer than ' + MAX_STATE + ' characters');
    return false;
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

  // [SECTION] widget.html and its parent
  // null: any origin may drive the framed widget; otherwise the listed origins (possibly none).
  function allowedOrigins() {
    var meta = document.querySelector('meta[name="attention-widget-allowed-origins"]');
    var content = meta ? (meta.getAttribute('content') || '').trim() : '';
    if (!content) return null;
    var origins = [];
    content.split(/\s+/).forEach(function (token) {
      var url = null;
      try { url = new URL(token); } catch (error) { url = null; }
      // Only a bare origin: a path would suggest a finer check than the browser can make.
      if (url && (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' &&
          !url.search && !url.hash && !url.username && !url.password) {
        origins.push(url.origin);
      } else {
        console.warn('Attention widget: attention-widget-allowed-origins: "' + token.slice(0, 100) +
                     '" is not an origin such as https://lessons.example.org; it allows nothing');
      }
    });
    return origins;
  }

  // The parent's origin as the browser reports it ('' when unknown): ancestorOrigins where it
  // exists, else the referrer, which is the parent that set the iframe's src.
  function parentOrigin() {
    var ancestors = window.location.ancestorOrigins;
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
    var parent = parentOrigin();
    if (allowed.indexOf(parent.origin) >= 0) return [parent.origin];
    return parent.certain ? [] : allowed.slice();
  }

  // {scene, state} of a well-formed set message, or null. Exactly a plain object with `type` and at
  // least one of `scene` (a scene's name) and `state` (a string the decoder takes); any other key
  // (__proto__ and constructor included) or a bad field refuses the whole message.
  function readSetMessage(data) {
    if (Object.getPrototypeOf(data) !== Object.prototype) return null;
    var keys = Object.getOwnPropertyNames(data);
    var known = ['type', 'scene', 'state'];
    if (keys.some(function (key) { return known.indexOf(key) < 0; })) return null;
    var hasScene = keys.indexOf('scene') >= 0;
    var hasState = keys.indexOf('state') >= 0;
    if (!hasScene && !hasState) return null;
    if (hasScene && (typeof data.scene !== 'string' || SCENES.indexOf(data.scene) < 0)) return null;
    if (hasState && (typeof data.state !== 'string' || data.state.length > MAX_STATE)) return null;
    return { scene: hasScene ? data.scene : null, state: hasState ? data.state : null };
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
    var allowed = allowedOrigins();
    var targets = framed ? parentTargets(allowed) : [];
    function post(message) {
      targets.forEach(function (target) { window.parent.postMessage(message, target); });
    }
    var warned = {};
    function ignore(why) {
      if (warned[why]) return;
      warned[why] = true;
      console.warn('Attention widget: ignoring ' + why + ' (further ones are ignored silently)');
    }
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
      // Other scripts' messages pass silently; only what claims to be ours is worth a warning.
      var ours = data !== null && typeof data === 'object' && typeof data.type === 'string' &&
                 data.type.lastIndexOf('attention-widget:', 0) === 0;
      if (!framed || event.source !== window.parent) {
        if (ours) ignore('a message from a window other than the one framing the widget');
        return;
      }
      if (allowed !== null && allowed.indexOf(event.origin) < 0) {
        if (ours) ignore('messages from ' + event.origin + ': it is not in attention-widget-allowed-origins');
        return;
      }
      if (!ours || data.type !== 'attention-widget:set') return;
      var message = readSetMessage(data);
      if (!message) {
        ignore("a malformed message: expected {type: 'attention-widget:set', scene, state}");
        return;
      }
      if (message.scene !== null) handle.setScene(message.scene);
      if (message.state !== null) handle.apply(message.state);
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
