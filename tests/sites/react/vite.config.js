// A React site's own config (its JSX), and the one line the package's README asks of a
// Vite site (for its dev server).
import react from "@vitejs/plugin-react";

export default { plugins: [react()], optimizeDeps: { exclude: ["bill-widget"] } };
