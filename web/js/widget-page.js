// widget.html's loader, bundled by the build into widget-page.js (scripts/bundle-web.mjs): the one
// widget that fills the page (page.js), and window.AttentionWidget.get for scripts in the page.
// Host pages load embed.js instead, which adds what only they need: <attention-widget>, the div
// embeds and the framed widgets' heights and events.
import { mountPage } from './page.js';
import { api } from './widget.js';

window.AttentionWidget = { get: api };

function start() {
  const page = document.querySelector('main[data-attention-widget-page]');
  if (page) mountPage(page);
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
