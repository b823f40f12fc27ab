// The iframe embed: loads the widget and tells the parent page its height whenever it
// changes, so the host can size the iframe (see embed-host.js). Settings come from this
// frame's own address (the same parameters as the standalone page's).
import "./bill-widget.js";

const report = () => {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  parent.postMessage({ type: "bill-widget:height", height }, "*");
};
new ResizeObserver(report).observe(document.documentElement);
addEventListener("load", report);
