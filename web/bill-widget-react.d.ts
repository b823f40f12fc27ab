// JSX types for React 19 (`import type {} from "bill-widget/react"` once, in any .tsx file or
// a .d.ts of the app): <bill-widget> takes its attributes, each as the core's table says,
// its children (the fallback), and the usual HTML attributes.
import type { BillWidgetAttributes, BillWidgetElement } from "./bill-widget.js";
import type { DetailedHTMLProps, HTMLAttributes } from "react";

type BillWidgetProps = DetailedHTMLProps<HTMLAttributes<BillWidgetElement>, BillWidgetElement> & BillWidgetAttributes;

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "bill-widget": BillWidgetProps;
    }
  }
}
