// The one line the package's README asks of a Vite site (for its dev server).
export default { optimizeDeps: { exclude: ["bill-widget"] } };
