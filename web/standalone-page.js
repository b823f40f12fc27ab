// The standalone page (index.html) is lesson 000's, and a link may open it on another
// lesson's widget (?scenario=freeTier: the replay page's way back to a lesson). Its title,
// heading and introduction are then that widget's scenario's, in the core's words (its
// label and description), not lesson 000's, which spoke of orange and green users the
// other lessons' charts do not have.
import { lessonModule } from "./lesson-modules.js";

const widget = document.querySelector("bill-widget");
const heading = document.querySelector("h1");
const intro = document.querySelector(".intro");
const own = { scenario: "toyDay", title: document.title, heading: heading.textContent, intro: intro.textContent };
let shown = own.scenario;

widget.addEventListener("bill-widget-change", async ({ detail: { scenario } }) => {
  if (scenario === shown) return;
  shown = scenario;
  let words = own;
  if (scenario !== own.scenario) {
    // The module the widget already started: lessonModule starts each once.
    const found = (await lessonModule(scenario)).scenarios().scenarios.find((s) => s.name === scenario);
    if (found === undefined || shown !== scenario) return;
    words = { title: found.label, heading: found.label, intro: found.description };
  }
  document.title = words.title;
  heading.textContent = words.heading;
  intro.textContent = words.intro;
});
