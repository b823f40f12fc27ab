// For a page that embeds the widget in an <iframe>: sizes each such iframe to the height
// its widget reports. Include once: <script type="module" src=".../embed-host.js"></script>
addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "bill-widget:height" || !Number.isFinite(data.height)) return;
  for (const frame of document.querySelectorAll("iframe")) {
    if (frame.contentWindow === event.source) {
      frame.height = String(Math.max(100, Math.min(5000, Math.round(data.height))));
    }
  }
});
