// What the package's README shows a React author: the element in JSX, its attribute from
// the app's state, and its change event as a prop, which sets that state (so that a policy
// chosen in the widget is the app's too).
import { useState } from "react";
import { createRoot } from "react-dom/client";
import "bill-widget";

function Lesson() {
  const [policy, setPolicy] = useState("degradeLadder");
  const [heard, setHeard] = useState([]);
  return (
    <main>
      <h1>A lesson built with React</h1>
      <button type="button" onClick={() => setPolicy("dailyCap")}>Show the hard block</button>
      <output id="heard">{heard.join(" ")}</output>
      <bill-widget scenario="runawayTenant" tenant-policy={policy}
        onbill-widget-change={(e) => { setPolicy(e.detail.policy); setHeard((h) => [...h, e.detail.policy]); }} />
    </main>
  );
}

createRoot(document.getElementById("root")).render(<Lesson />);
