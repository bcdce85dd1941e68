// Authors' <iframe data-attention-widget-frame src=".../widget.html?..."> follow their content's
// height, and their widget's messages become the same events a div embed fires, on the iframe:
// attention-widget-ready, -error, -change, -playback, -prediction and -picture, with the message's fields as detail. The
// script-tag embed runs inside the host page, so these messages are the only thing that crosses an
// origin: only messages from those frames' windows, from the origin of each frame's src, of the
// right shape count. The host's markup already says whom to trust.
const EVENTS = ['ready', 'error', 'change', 'playback', 'prediction', 'picture'];

export function followFrames() {
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || typeof data !== 'object' || typeof data.type !== 'string') return;
    const kind = data.type.slice('attention-widget:'.length);
    if (data.type.lastIndexOf('attention-widget:', 0) !== 0 || (kind !== 'resize' && EVENTS.indexOf(kind) < 0)) return;
    for (const frame of document.querySelectorAll('iframe[data-attention-widget-frame]')) {
      let origin;
      try { origin = new URL(frame.src, window.location.href).origin; } catch (error) { continue; }
      if (frame.contentWindow !== event.source || event.origin !== origin) continue;
      if (kind === 'resize') {
        const height = Number(data.height);
        if (isFinite(height) && height >= 200 && height <= 5000) frame.style.height = `${Math.ceil(height)}px`;
      } else {
        const detail = {};
        for (const key of Object.keys(data)) if (key !== 'type') detail[key] = data[key];
        frame.dispatchEvent(new CustomEvent(`attention-widget-${kind}`, { detail }));
      }
    }
  });
}
