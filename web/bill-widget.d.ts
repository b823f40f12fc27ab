// Types for bill-widget.js: importing it defines the <bill-widget> custom element and
// exports nothing. The element reads its settings from its attributes, as text.
declare global {
  interface HTMLElementTagNameMap {
    "bill-widget": HTMLElement;
  }
}
export {};
