// The web client's entry point: mounts the app into index.html's #app.
import { render } from "preact";

import { App } from "./app/App";
import "./app/styles.css";
import { startNotify } from "./notify/register";

render(<App />, document.getElementById("app")!);
startNotify();  // service worker, updates, Web Push (web/src/notify/)
