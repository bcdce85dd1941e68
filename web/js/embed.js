// The widget loader for host pages, bundled by the build into the embed.js that pages load with a
// script tag (scripts/bundle-web.mjs); widget.html loads widget-page.js instead. Used three ways:
//  1. An <iframe data-attention-widget-frame> of widget.html (a page of its own) follows its
//     content's height and fires the widget's events on the iframe (frames.js).
//  2. A custom element: <attention-widget scene="mask" theme="dark">fallback</attention-widget>
//     (element.js), its attributes the embed options.
//  3. A script-tag embed: <script src=".../embed.js" defer></script> mounts a widget into every
//     <div data-attention-widget data-scene="NAME" data-theme="dark" data-state="..."> of the
//     host page, data-NAME for each option. What the div held before (a static figure) stays if
//     the widget cannot start.
//  4. Authors' API: AttentionWidget.get(div).setScene(NAME) / .setState(STATE) / .setOption(NAME,
//     VALUE) / .play() / .pause() / .seek(SECONDS), the same on the custom element itself; events
//     attention-widget-ready, -error (detail.reason, .message), -change (detail.state,
//     .description, .progress) and -playback (detail.playing, .time, .duration, .step, .caption),
//     on the div, the element, or an <iframe data-attention-widget-frame> (frames.js).
// Every option is documented in docs/embedding.md; a wrong name or value is ignored with one
// console warning. A state is handed to the widget's own decoder, which refuses anything malformed
// as a whole; a state longer than the decoder takes is refused here, never cut.
import { defineElement } from './element.js';
import { followFrames } from './frames.js';
import { afterFirstFrame, afterFirstPaint, frameDrawn, gpuCaughtUp, keepContextNear, nextTask, startWhenNear, warmUpGpu }
  from './schedule.js';
import { api, mount, mountAll, useSchedule } from './widget.js';

useSchedule({ afterFirstFrame, afterFirstPaint, frameDrawn, gpuCaughtUp, keepContextNear, nextTask, startWhenNear, warmUpGpu });
followFrames();
window.AttentionWidget = { mount, mountAll, get: api };

function start() {
  defineElement();
  mountAll();
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
