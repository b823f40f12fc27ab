// What the package's README tells a VitePress author to write.
export default {
  title: "Lessons",
  vite: { optimizeDeps: { exclude: ["bill-widget"] } },
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === "bill-widget" } } },
};
