// The standalone page (index.html) is lesson 000's, and a link may open it on another
// lesson's widget (a scenario in its address: the replay page's way back). Its title,
// heading and introduction are then that widget's scenario's, in the core's words (its
// label and description), not lesson 000's, which spoke of orange and green users the
// other lessons' charts do not have.
import { lessonModule } from "./lesson-modules.js";

const widget = document.querySelector("bill-widget");
const heading = document.querySelector("h1");
const intro = document.querySelector(".intro");
const own = { title: document.title, heading: heading?.textContent, intro: intro?.textContent };
let shown = null;

widget?.addEventListener("bill-widget-change", async ({ detail: { scenario } }) => {
  if (scenario === shown || heading === null || intro === null) return;
  shown = scenario;
  let table;
  try {
    // The module the widget already started: lessonModule starts each once.
    table = (await lessonModule(scenario)).scenarios();
  } catch {
    shown = null; // the widget says why it could not load; the page's words stay
    return;
  }
  if (shown !== scenario) return;
  // The page's own words are those of the widget it shows when its address names none.
  const home = table.settings.find((s) => s.key === "scenario")?.default;
  const found = table.scenarios.find((s) => s.name === scenario);
  const words = scenario === home || found === undefined
    ? own
    : { title: found.label, heading: found.label, intro: found.description };
  document.title = words.title;
  heading.textContent = words.heading;
  intro.textContent = words.intro;
});
