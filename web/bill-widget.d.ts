// Types for bill-widget.js. Importing it is safe anywhere (server rendering, Node.js); in a
// browser it defines the <bill-widget> custom element when the page has one near the
// viewport (the WebAssembly is fetched then, not before). The element reads its settings
// from its attributes, as text; their names and choices are the core's (`billsim
// scenarios`), typed in bill-widget-attributes.d.ts.
export type * from "./bill-widget-attributes.js";
import type { BillWidgetChart, BillWidgetScenario, BillWidgetView } from "./bill-widget-attributes.js";

/** What both of the widget's events say, the same fields for every scenario. */
export interface BillWidgetEventDetail {
  /** The widget's scenario (its `scenario` attribute). */
  scenario: BillWidgetScenario;
  /** The view shown (its `view` attribute's value). */
  view: BillWidgetView;
  /** The view's chart, as the core's table names it. */
  chart: BillWidgetChart;
  /** The run's number (the day, the run, the month). */
  seed: number;
  /** The policy the widget frames (its policy buttons' setting). */
  policy: string;
  /** The settings the chart ran with, as the core reads them (the module's settings object). */
  settings: Record<string, unknown>;
}

/** A titled section the core writes beside the chart (`scenarioPanels` of `bill-widget/core`). */
export interface BillWidgetPanel {
  name: string;
  title: string;
  sentences: string[];
  lines: string[];
  table: { caption: string; columns: string[]; rows: string[][] } | null;
}

/** `bill-widget-change`: the chart, its sentences, table and panels were written. `result`
 *  is what the core gave for the chart: the day (`dayView`'s) for `shareOfBill`, the
 *  sentences for `overrun`, and for every other chart its view, from the function of
 *  `bill-widget/core` named after it (`overTimeView` for `spendOverTime`, `cohortView` for
 *  `shareByCohort`, `tradeOffView`, `accountsView`, `clientView`, `ladderView`,
 *  `runawayDayView`). */
export interface BillWidgetChangeDetail extends BillWidgetEventDetail {
  result: unknown;
  panels: BillWidgetPanel[];
}

/** `bill-widget-days`: lesson 000's day checked its settings over 200 days; `result` has
 *  one sentence per policy. */
export interface BillWidgetDaysDetail extends BillWidgetEventDetail {
  result: Record<string, string>;
}

export interface BillWidgetEventMap {
  "bill-widget-change": CustomEvent<BillWidgetChangeDetail>;
  "bill-widget-days": CustomEvent<BillWidgetDaysDetail>;
}

/** The `<bill-widget>` element. Both events bubble and cross shadow roots. */
export interface BillWidgetElement extends HTMLElement {
  addEventListener<K extends keyof BillWidgetEventMap>(type: K,
    listener: (this: BillWidgetElement, ev: BillWidgetEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener<K extends keyof HTMLElementEventMap>(type: K,
    listener: (this: BillWidgetElement, ev: HTMLElementEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof BillWidgetEventMap>(type: K,
    listener: (this: BillWidgetElement, ev: BillWidgetEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(type: K,
    listener: (this: BillWidgetElement, ev: HTMLElementEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** Loads the WebAssembly and defines `<bill-widget>`; done by itself when a widget of the
 *  page first comes within a screen and a half of the viewport. Call it to define the
 *  element earlier, or for widgets inside a shadow root of yours (each widget still loads
 *  its lesson's module only near the viewport). Resolves when the element is defined. */
export function defineBillWidget(): Promise<void>;

declare global {
  interface HTMLElementTagNameMap {
    "bill-widget": BillWidgetElement;
  }
  interface DocumentEventMap extends BillWidgetEventMap {}
}
