// Types for bill-widget.js: importing it defines the <bill-widget> custom element (once
// its WebAssembly has loaded, or failed to) and exports nothing. The element reads its
// settings from its attributes, as text; their names are the core's (`billsim scenarios`).
declare global {
  interface HTMLElementTagNameMap {
    "bill-widget": HTMLElement;
  }
}
export {};
