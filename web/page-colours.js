// The page's colours around an element, as the core's theme reads them (themeIsDark): the
// colour scheme of the element's parent (or, where its style names none, the page's
// <meta name="color-scheme">), and the nearest background behind it. The widget reads them
// for itself; embed-host.js reads them for a widget's iframe and sends them into it.

/** `{ scheme, background }` around `el`, read from its parent out (across shadow roots). */
export function pageColours(el) {
  const parent = el.parentElement ?? el.getRootNode().host ?? document.documentElement;
  let scheme = getComputedStyle(parent).colorScheme ?? "";
  if (!/\b(light|dark)\b/.test(scheme)) scheme = document.querySelector('meta[name="color-scheme"]')?.content ?? scheme;
  let background = "";
  for (let node = parent; node && background === ""; node = node.parentElement ?? node.getRootNode().host) {
    const colour = getComputedStyle(node).backgroundColor;
    if (colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent") background = colour;
  }
  return { scheme, background };
}
