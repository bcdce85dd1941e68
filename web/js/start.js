// widget.html's start script: the build bundles it with downloads.js and inlines it at the top of
// the page (scripts/bundle-web.mjs), so it runs before anything else there and starts what the
// widget waits for while the loader is still downloading:
//  - compiling the wasm of the widget's module (downloads.js's MODULES: the one its scene or scenes
//    parameter names), which the browser does in the background as the bytes arrive;
//  - fetching the lesson's words, which the loader would otherwise ask for only once it runs;
//  - the module's runtime (attention_widget.js, or attention_heads.js for ?scene=heads): the page
//    has no <script src> for it, since which one it needs is known only here.
// The WebGL 2 context is not made here: making it blocks the page for 100-300 ms, and responses
// that arrive meanwhile are not read; the loader makes it once everything else is in.
// The loader takes them over (window.attentionWidgetStart). Where this script does not run (a
// Content-Security-Policy without its hash, see SECURITY.md) the loader starts them itself, later.
import { startDownloads, widgetLocale, widgetModule } from './downloads.js';

// The page's locale: its locale parameter, else widget.html's lang.
const params = new URLSearchParams(window.location.search);
const start = startDownloads(new URL('.', window.location.href), widgetLocale(params.get('locale'), null),
                             widgetModule(params.get('scene'), params.get('scenes')));
window.attentionWidgetStart = start;
// No text is laid out until the widget has drawn (the loader removes the class): the first text a
// fresh page lays out costs ~100 ms, which the widget's first frame would otherwise wait behind.
// Without JavaScript this never runs and the fallback text shows.
document.documentElement.classList.add('attn-starting');
// If the loader never came (widget-page.js missing or refused), the page's own text shows once the page
// has loaded: the fallback must not stay hidden.
window.addEventListener('load', () => {
  if (window.attentionWidgetStart === start) document.documentElement.classList.remove('attn-starting');
});
