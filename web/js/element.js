// <attention-widget>: the widget as a custom element, for pages where authors write HTML by hand or
// through Markdown's raw HTML (MkDocs, Jupyter Book, Quarto, Docusaurus):
//   <attention-widget scene="mask" theme="dark">A static figure for readers without JavaScript</attention-widget>
// Its attributes are the embed options (widget.js OPTIONS, docs/embedding.md) and are observed:
// changing scene, state or any other option later changes the running widget. Its children stay
// as the fallback until the widget starts, and for good if it cannot. The element carries the
// authors' API itself (el.setScene(NAME), el.setState(STATE), el.setOption(NAME, VALUE), el.play(),
// el.pause(), el.seek(SECONDS)) and fires the same events as a div embed.
import { OPTIONS, PAGE_OPTIONS, api, mountEmbed, readOptions, warnUnknownOptions } from './widget.js';

// Attributes any element may carry, which are not options.
const GLOBAL = /^(id|class|style|title|lang|dir|hidden|inert|tabindex|slot|part|role|is|nonce|translate|accesskey|(data|aria)-.*|on.*)$/;
const NAMES = OPTIONS.concat(PAGE_OPTIONS);

export function defineElement() {
  if (typeof customElements !== 'object' || !customElements || customElements.get('attention-widget')) return;
  class AttentionWidgetElement extends HTMLElement {
    static get observedAttributes() {
      return OPTIONS;
    }

    connectedCallback() {
      if (this.started) return;
      this.started = true;
      warnUnknownOptions(Array.from(this.attributes, (attribute) => attribute.name).filter((name) => !GLOBAL.test(name)),
                         'attribute', NAMES);
      // An unknown element is inline: the widget needs a block to measure its width.
      if (getComputedStyle(this).display === 'inline') this.style.display = 'block';
      mountEmbed(this, readOptions((name) => this.getAttribute(name)));
    }

    // Attributes set before the element started are read by connectedCallback.
    attributeChangedCallback(name, before, value) {
      if (!this.started || value === null || value === before) return;
      const widget = api(this);
      if (name === 'scene') widget.setScene(value);
      else if (name === 'state') widget.setState(value);
      else widget.setOption(name, value);
    }
  }
  for (const method of ['setScene', 'setState', 'setOption', 'play', 'pause', 'seek']) {
    AttentionWidgetElement.prototype[method] = function (...args) { api(this)[method](...args); };
  }
  customElements.define('attention-widget', AttentionWidgetElement);
}
