// The iframe embed: loads the widget and tells the parent page its height whenever it
// changes, so the host can size the iframe (see embed-host.js). Settings come from this
// frame's own address (the same parameters as the standalone page's). The host's colours
// around the iframe, when it sends them, are this page's: a widget of theme "auto" reads
// the page it is on.
import "./bill-widget.js";

// The first report of this page says so: the host then tells it its colours, whatever it
// told the frame's page before (a reload).
let first = true;
const report = () => {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  parent.postMessage({ type: "bill-widget:height", height, first }, "*");
  first = false;
};
new ResizeObserver(report).observe(document.documentElement);
addEventListener("load", report);

addEventListener("message", ({ source, data }) => {
  if (source !== parent || data?.type !== "bill-widget:page-colours") return;
  const { scheme, background } = data;
  if (typeof scheme !== "string" || typeof background !== "string") return;
  // Where the host names no scheme, none (embed.css, by data-host-colours): not this
  // page's own "light dark", which follows the system, so that the host's background
  // decides, as it does for the element.
  document.documentElement.dataset.hostColours = "";
  document.documentElement.style.colorScheme = /\b(light|dark)\b/.test(scheme) ? scheme : "";
  // The host's background, or none where it has none: this page's own follows its widget's
  // colours, and read back by the widget, would keep it dark on a host turned light.
  document.body.style.backgroundColor = background || "transparent";
});
