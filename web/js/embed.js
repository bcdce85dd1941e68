// The widget loader, bundled by the build into the embed.js that pages load with a script tag
// (scripts/bundle-web.mjs). Used three ways:
//  1. widget.html (a page of its own, or inside an author's <iframe>) mounts one widget that
//     fills the page (page.js).
//  2. A script-tag embed: <script src=".../embed.js" defer></script> mounts a widget into every
//     <div data-attention-widget data-scene="NAME" data-theme="dark" data-state="..."> of the
//     host page. What the div held before (a static figure) stays if the widget cannot start.
//  3. Authors' API: AttentionWidget.get(div).setScene(NAME) / .setState(STATE) / .play() /
//     .pause() / .seek(SECONDS);
//     div.addEventListener('attention-widget-change', (e) => e.detail.state, e.detail.description);
//     div.addEventListener('attention-widget-playback', (e) => e.detail.playing, .time, .duration,
//     .step, .caption).
// A state is handed to the widget's own decoder, which refuses anything malformed as a whole; a
// state longer than the decoder takes is refused here, never cut.
import { followFrameHeights } from './frames.js';
import { mountPage } from './page.js';
import { api, mount, mountAll } from './widget.js';

followFrameHeights();
window.AttentionWidget = { mount, mountAll, get: api };

function start() {
  const page = document.querySelector('main[data-attention-widget-page]');
  if (page) mountPage(page); else mountAll();
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
