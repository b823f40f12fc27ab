// JSX types for React 19 (`import type {} from "bill-widget/react"` once, in any .tsx file or
// a .d.ts of the app): <bill-widget> takes its attributes, each as the core's table says,
// its children (the fallback), the usual HTML attributes, and its two events as props
// (React 19 listens to a custom element's event for a prop named "on" and the event's name).
import type { BillWidgetAttributes, BillWidgetElement, BillWidgetEventMap } from "./bill-widget.js";
import type { DetailedHTMLProps, HTMLAttributes } from "react";

type BillWidgetEventProps = {
  [K in keyof BillWidgetEventMap as `on${K}`]?: (event: BillWidgetEventMap[K]) => void;
};

type BillWidgetProps = DetailedHTMLProps<HTMLAttributes<BillWidgetElement>, BillWidgetElement> & BillWidgetAttributes
  & BillWidgetEventProps;

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "bill-widget": BillWidgetProps;
    }
  }
}
