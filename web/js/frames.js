// Authors' <iframe data-attention-widget-frame src=".../widget.html?..."> follow their content's
// height. The script-tag embed runs inside the host page, so these resize messages are the only
// thing that crosses an origin: only messages from those frames' windows, from the origin of each
// frame's src, of the right shape count. The host's markup already says whom to trust.
export function followFrameHeights() {
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || typeof data !== 'object' || data.type !== 'attention-widget:resize') return;
    const height = Number(data.height);
    if (!isFinite(height) || height < 200 || height > 5000) return;
    for (const frame of document.querySelectorAll('iframe[data-attention-widget-frame]')) {
      let origin;
      try { origin = new URL(frame.src, window.location.href).origin; } catch (error) { continue; }
      if (frame.contentWindow === event.source && event.origin === origin) frame.style.height = `${Math.ceil(height)}px`;
    }
  });
}
